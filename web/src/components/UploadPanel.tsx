import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { type CsvJob, CsvUpload, type CsvUploadProps } from './CsvUpload';

/** A file made in the browser, offered as a download: nothing to fetch. */
function download(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The toolbar button that opens and closes an upload panel. */
export function UploadToggle({ name, label, open, onToggle }: { name: string; label: string; open: boolean; onToggle: () => void }) {
  return (
    <Button size="sm" variant="outline-secondary" aria-expanded={open} aria-controls={`import-${name}-panel`} onClick={onToggle}>
      {label}
    </Button>
  );
}

export interface UploadPanelProps {
  /** 'orders', 'customers': names the panel (`import-<name>-panel`) and its test ids. */
  name: string;
  open: boolean;
  /** What the file should be, above the list. */
  intro: string;
  /** The columns the upload reads, or the formats it recognises. */
  items: readonly ReactNode[];
  /** What the list is, for its test id (`import-<name>-<itemsKind>`). */
  itemsKind: 'columns' | 'formats';
  /** Below the list: what happens to rows imported before and rows that cannot be imported. */
  note: string;
  route: CsvUploadProps['route'];
  uploadLabel: string;
  template: { csv: string; fileName: string };
  onComplete: (jobs: CsvJob[]) => void;
}

/**
 * The one upload panel of the list screens (issue 17): what the file should hold and a template first, then the
 * upload with its progress and the rows it could not import. Hidden, not unmounted, when closed: an import keeps
 * being followed while the panel is closed.
 */
export function UploadPanel(props: UploadPanelProps) {
  const { name, template } = props;
  return (
    <Card id={`import-${name}-panel`} className="mb-3" hidden={!props.open} data-testid={`import-${name}`}>
      <Card.Body>
        <Card.Text className="mb-1">{props.intro}</Card.Text>
        <ul className="small mb-2" data-testid={`import-${name}-${props.itemsKind}`}>
          {props.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
            <li key={i}>{item}</li>
          ))}
        </ul>
        <Card.Text className="small text-body-secondary">{props.note}</Card.Text>
        <CsvUpload route={props.route} label={props.uploadLabel} onComplete={props.onComplete}>
          <Button variant="link" onClick={() => download(template.csv, template.fileName)} data-testid={`import-${name}-template`}>
            Download our template
          </Button>
        </CsvUpload>
      </Card.Body>
    </Card>
  );
}
