import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from './Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import type { CsvJob } from '../../../shared/schemas/upload';
import { MESSAGES } from '../../../shared/api/messages';
import { type DateOrder, dateReadings } from '../../../shared/domain/date-order';
import { plural } from '../../../shared/domain/format';
import { ApiError, GENERIC_ERROR } from '../lib/api';
import { useCsvJobs, useCsvUpload } from '../lib/csv-jobs';

/** Spec section 4: the status of upload jobs is polled every 2 s until all are done. */
export const CSV_POLL_MS = 2000;
/** Spec section 9: processing shows for at least 1500 ms, so a small file does not flash past. */
export const CSV_MIN_PROCESSING_MS = 1500;
export const CSV_ONLY = MESSAGES.csvOnly;

export type { CsvJob };

type Phase =
  | { name: 'idle'; error?: string }
  | { name: 'uploading' }
  | { name: 'syncing'; ids: string[]; since: number }
  | { name: 'complete'; jobs: CsvJob[] }
  // Issue 19: the file's dates read two ways; the seller says which, and the same file is sent again with the answer.
  | { name: 'asking'; file: File; sample: string; message: string };

/** What a finished job did, in a sentence. */
function summary(j: CsvJob): string {
  const parts = [];
  if (j.ordersCreated || j.ordersUpdated) parts.push(`${plural(j.ordersCreated, 'order')} imported${j.ordersUpdated ? `, ${j.ordersUpdated} updated` : ''}`);
  if (j.customersCreated || j.customersUpdated)
    parts.push(`${plural(j.customersCreated, 'customer')} added${j.customersUpdated ? `, ${j.customersUpdated} updated` : ''}`);
  if (parts.length === 0) parts.push('Nothing new to import');
  const failed = j.errors.filter((e) => !e.warning).length;
  const warned = j.errors.length - failed;
  if (failed) parts.push(`${plural(failed, 'row')} could not be imported`);
  // Address warnings say what to do with the order; others (a repeated row left out) are read in the list below.
  const addressWarned = j.errors.filter((e) => e.warning && e.reason.endsWith('edit its address before buying a label.')).length;
  if (addressWarned) parts.push(`${plural(addressWarned, 'order needs its', 'orders need their')} address corrected`);
  if (warned > addressWarned) parts.push(plural(warned - addressWarned, 'warning'));
  return `${parts.join('; ')}.`;
}

export interface CsvUploadProps {
  /** Which upload: orders (`upload.csvSync`) or customers (`customers.upload`); the file itself goes straight to S3. */
  route: 'upload.csvSync' | 'customers.upload';
  label: string;
  /** Called once the jobs are finished, to refresh what they changed. */
  onComplete?: (jobs: CsvJob[]) => void;
  /** Extra controls beside the button (a template download). */
  children?: ReactNode;
}

/**
 * CSV upload with its states (spec section 4): idle, uploading, syncing (polls the jobs every 2 s until all are
 * done), complete; a failure returns to idle with the error in plain words.
 */
export function CsvUpload({ route, label, onComplete, children }: CsvUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  /** The file being imported: sent again with the seller's answer when its dates read two ways. */
  const sent = useRef<File | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [answer, setAnswer] = useState<DateOrder | undefined>(undefined);
  const name = `csv-upload-${route.replace('.', '-')}`;

  const start = useCsvUpload(route, {
    onSuccess: ({ ids }) => setPhase({ name: 'syncing', ids, since: Date.now() }),
    onError: (err) => setPhase({ name: 'idle', error: err instanceof ApiError ? err.message : GENERIC_ERROR }),
  });

  const ids = phase.name === 'syncing' ? phase.ids : [];
  const status = useCsvJobs(ids, CSV_POLL_MS);

  useEffect(() => {
    if (phase.name !== 'syncing') return;
    if (status.error) {
      setPhase({ name: 'idle', error: status.error instanceof ApiError ? status.error.message : GENERIC_ERROR });
      return;
    }
    const data = status.data;
    if (!data?.allDone) return;
    const finish = () => {
      const failed = data.jobs.find((j) => j.status === 'failed');
      if (failed?.dateSample && sent.current) {
        setAnswer(undefined);
        setPhase({ name: 'asking', file: sent.current, sample: failed.dateSample, message: failed.failureReason ?? '' });
        return;
      }
      if (failed) setPhase({ name: 'idle', error: failed.failureReason ?? GENERIC_ERROR });
      else setPhase({ name: 'complete', jobs: data.jobs });
      onComplete?.(data.jobs);
    };
    const wait = CSV_MIN_PROCESSING_MS - (Date.now() - phase.since);
    if (wait <= 0) {
      finish();
      return;
    }
    const timer = setTimeout(finish, wait);
    return () => clearTimeout(timer);
  }, [phase, status.data, status.error, onComplete]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!/\.csv$/i.test(file.name)) return setPhase({ name: 'idle', error: CSV_ONLY });
    sent.current = file;
    setPhase({ name: 'uploading' });
    start.mutate({ file });
  };

  const answerDates = (file: File, dateOrder: DateOrder) => {
    setPhase({ name: 'uploading' });
    start.mutate({ file, dateOrder });
  };

  const busy = phase.name === 'uploading' || phase.name === 'syncing';
  const current = status.data?.jobs[0];
  const percent = current?.rowsTotal ? Math.min(100, Math.round((current.rowsDone / current.rowsTotal) * 100)) : undefined;

  return (
    <div className="csv-upload" data-testid={name}>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={(e) => choose(e.target.files?.[0])} data-testid={`${name}-file`} />
        <Button variant="outline-primary" disabled={busy} onClick={() => input.current?.click()}>
          {busy && <Spinner size="sm" className="me-2" aria-hidden />}
          {label}
        </Button>
        {children}
      </div>
      {phase.name === 'uploading' && <p className="mt-2 mb-0" role="status">Uploading...</p>}
      {phase.name === 'syncing' && (
        <div className="mt-2" role="status">
          <p className="mb-1">
            Processing{current?.rowsTotal ? ` ${current.rowsDone} of ${current.rowsTotal} rows` : ''}...
          </p>
          <ProgressBar animated now={percent ?? 100} label={percent !== undefined ? `${percent}%` : undefined} />
        </div>
      )}
      {phase.name === 'asking' && <DateOrderQuestion phase={phase} answer={answer} onAnswer={setAnswer} onSend={answerDates} onCancel={() => setPhase({ name: 'idle' })} />}
      {phase.name === 'idle' && phase.error && (
        <Alert variant="danger" className="mt-2" dismissible onClose={() => setPhase({ name: 'idle' })} data-testid={`${name}-error`}>
          {phase.error}
        </Alert>
      )}
      {phase.name === 'complete' && (
        <Alert variant="success" className="mt-2" dismissible onClose={() => setPhase({ name: 'idle' })} data-testid={`${name}-done`}>
          {phase.jobs.map((j) => (
            <div key={j.id}>
              <strong>{j.fileName}</strong>: {summary(j)}
              {j.errors.length > 0 && (
                <ul className="mb-0 small">
                  {j.errors.slice(0, 20).map((e) =>
                    e.warning ? (
                      // The warning's own text names its line.
                      <li key={`${e.line}-${e.reason}`} className="text-warning-emphasis" data-testid="import-warning">
                        {e.reason}
                      </li>
                    ) : (
                      <li key={`${e.line}-${e.reason}`}>
                        Line {e.line}: {e.reason}
                      </li>
                    ),
                  )}
                </ul>
              )}
            </div>
          ))}
        </Alert>
      )}
    </div>
  );
}

/**
 * Which order a file's dates are in, asked when the file cannot tell (every date reads two ways): the two readings of
 * an example date from the file, and the same file is imported again with the answer. Nothing is imported until then.
 */
function DateOrderQuestion({
  phase,
  answer,
  onAnswer,
  onSend,
  onCancel,
}: {
  phase: Extract<Phase, { name: 'asking' }>;
  answer: DateOrder | undefined;
  onAnswer: (order: DateOrder) => void;
  onSend: (file: File, order: DateOrder) => void;
  onCancel: () => void;
}) {
  const readings = dateReadings(phase.sample);
  return (
    <Alert variant="warning" className="mt-2" data-testid="csv-date-order">
      <fieldset>
        <legend className="fs-6 fw-semibold">{phase.message}</legend>
        <Form.Check
          type="radio"
          id="csv-date-order-dmy"
          name="csv-date-order"
          label={`Day first: ${phase.sample} is ${readings?.dmy ?? 'day/month/year'}`}
          checked={answer === 'dmy'}
          onChange={() => onAnswer('dmy')}
        />
        <Form.Check
          type="radio"
          id="csv-date-order-mdy"
          name="csv-date-order"
          label={`Month first: ${phase.sample} is ${readings?.mdy ?? 'month/day/year'}`}
          checked={answer === 'mdy'}
          onChange={() => onAnswer('mdy')}
        />
      </fieldset>
      <div className="d-flex gap-2 mt-2">
        <Button size="sm" disabled={!answer} onClick={() => answer && onSend(phase.file, answer)}>
          Import with these dates
        </Button>
        <Button size="sm" variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Alert>
  );
}
