import { useEffect, type ReactNode } from 'react';
import { ensureAuthStarted } from '../../auth/ensureAuthStarted';
import { PublicLayout } from '../../ui/PublicLayout';

/** Centered card on the public layout, for the sign in/up and password screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    void ensureAuthStarted();
  }, []);
  return (
    <PublicLayout>
      <div className="container">
        <div className="card auth-card">
          <h1>{title}</h1>
          {children}
        </div>
      </div>
    </PublicLayout>
  );
}

/** A form-level error (provider or validation message) announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert">
      {message}
    </div>
  );
}
