import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { type EmailTemplateRow, useDeleteTemplate, useTemplates } from './api';
import { CampaignsSection } from './CampaignsSection';
import { TemplateEditorModal } from './TemplateEditorModal';

type Dialog = { kind: 'new' } | { kind: 'edit' | 'delete'; template: EmailTemplateRow } | undefined;

/** The Email Campaigns tab: the seller's templates (FollowUpEmail always first), new, edit and delete; campaigns. */
export function EmailCampaignsTab() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState<string>();
  const close = () => {
    // A failure belongs to the dialog it happened in, not to the next one.
    remove.reset();
    setDialog(undefined);
  };

  if (templates.error) return <ErrorAlert error={templates.error} onRetry={() => void templates.refetch()} />;
  if (!templates.data) return <Loading />;
  const { templates: rows, disableNewTemplate, templateCap } = templates.data;
  const locked = rows.every((t) => !t.editable) || templateCap === 0;

  return (
    <>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(undefined)} data-testid="marketing-notice">
          {notice}
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 className="h5 mb-0">Email Templates</h2>
        <Button onClick={() => setDialog({ kind: 'new' })} disabled={disableNewTemplate}>
          New Template
        </Button>
      </div>
      {disableNewTemplate && (
        <Alert variant="info" data-testid="templates-locked">
          {locked ? (
            <>Your plan does not include saving templates{rows.some((t) => t.editable) ? '; you may edit FollowUpEmail' : ''}. </>
          ) : (
            <>Your plan keeps at most {templateCap} templates. Delete one to add another, or </>
          )}
          <Link to="/upgrade">upgrade</Link> for more.
        </Alert>
      )}
      <ListGroup data-testid="templates-list">
        {rows.map((t) => (
          <ListGroup.Item key={t.name} className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <div className="text-break" style={{ minWidth: 0 }}>
              <div className="fw-semibold">
                {t.name}{' '}
                {t.isDefault && (
                  <Badge bg="secondary" className="ms-1">
                    Default
                  </Badge>
                )}
                {!t.editable && (
                  <Badge bg="warning" text="dark" className="ms-1">
                    Locked
                  </Badge>
                )}
              </div>
              <div className="small text-body-secondary">{t.subject}</div>
            </div>
            <div className="d-flex gap-2">
              <Button size="sm" variant="outline-primary" disabled={!t.editable} onClick={() => setDialog({ kind: 'edit', template: t })} aria-label={`Edit ${t.name}`}>
                Edit
              </Button>
              {!t.isDefault && t.name !== 'FollowUpEmail' && (
                <Button size="sm" variant="outline-danger" disabled={!t.editable} onClick={() => setDialog({ kind: 'delete', template: t })} aria-label={`Delete ${t.name}`}>
                  Delete
                </Button>
              )}
            </div>
          </ListGroup.Item>
        ))}
      </ListGroup>
      <CampaignsSection />

      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && (
        <TemplateEditorModal
          template={dialog.kind === 'edit' ? dialog.template : undefined}
          onHide={close}
          onSaved={(name) => {
            setNotice(`Template ${name} saved.`);
            close();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Template"
          action="Delete"
          busy={remove.isPending}
          error={remove.error}
          onHide={close}
          onConfirm={() =>
            remove.mutate(dialog.template.name, {
              onSuccess: () => {
                setNotice(`Template ${dialog.template.name} deleted.`);
                close();
              },
            })
          }
        >
          Delete the template {dialog.template.name}? This cannot be undone.
        </ConfirmDialog>
      )}
    </>
  );
}
