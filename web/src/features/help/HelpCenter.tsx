import { useEffect, useMemo, useState } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import Form from 'react-bootstrap/Form';
import { useDebounced } from '../../lib/useDebounced';
import { ARTICLES, searchArticles } from './articles';

/** The help center: every article, filtered as the seller types; `openId` (an article's hash) opens that one. */
export function HelpCenter({ openId }: { openId?: string }) {
  const [query, setQuery] = useState('');
  const q = useDebounced(query, 500);
  const found = useMemo(() => searchArticles(q), [q]);
  const [open, setOpen] = useState<string | null>(openId && ARTICLES.some((a) => a.id === openId) ? openId : null);
  useEffect(() => {
    if (openId && ARTICLES.some((a) => a.id === openId)) setOpen(openId);
  }, [openId]);

  return (
    <>
      <Form.Group controlId="help-search" className="mb-3">
        <Form.Label>Search help</Form.Label>
        <Form.Control type="search" placeholder="e.g. batch labels, rewards, outage" value={query} onChange={(e) => setQuery(e.target.value)} maxLength={100} />
      </Form.Group>
      {found.length === 0 ? (
        <p className="text-body-secondary" data-testid="help-no-match">
          No article matches "{q.trim()}". Try other words, or send us an email ticket below.
        </p>
      ) : (
        <Accordion activeKey={open} onSelect={(key) => setOpen(typeof key === 'string' ? key : null)} data-testid="help-articles">
          {found.map((a) => (
            <Accordion.Item eventKey={a.id} key={a.id} id={a.id}>
              <Accordion.Header>
                <span>
                  {a.title}
                  <span className="d-block small text-body-secondary">{a.category}</span>
                </span>
              </Accordion.Header>
              <Accordion.Body>
                {a.body.map((p) => (
                  <p key={p.slice(0, 40)} className="mb-2">
                    {p}
                  </p>
                ))}
              </Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </>
  );
}
