import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** The card every signed-out screen sits in (sign in, sign up, forgot password). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="login-page d-flex align-items-center justify-content-center min-vh-100 p-3">
      <Card className="login-card shadow-sm w-100">
        <Card.Body className="p-4">
          <div className="text-center mb-4">
            <div className="brand h4 mb-1">Consultant Desk</div>
            <h1 className="h5 text-body-secondary fw-normal mb-0">{title}</h1>
          </div>
          {children}
        </Card.Body>
      </Card>
    </main>
  );
}
