import type { ReactNode } from 'react';
import { PublicLayout } from '../../ui/PublicLayout';

/** Shell of the simple footer pages (/privacy, /terms, /contact). */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <div className="container container-narrow">
        <article className="card">
          <h1>{title}</h1>
          {children}
        </article>
      </div>
    </PublicLayout>
  );
}
