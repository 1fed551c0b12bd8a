import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PublicLayout } from '../../ui/PublicLayout';

/** Shell of the simple footer pages (/privacy, /terms, /contact). */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <PublicLayout>
      <div className="container container-narrow">
        <article className="card">
          <h1>{title}</h1>
          {/* The English text is the one that binds: other languages say they are a courtesy. */}
          {i18n.locale !== 'en' ? (
            <p className="muted" role="note">
              <Trans>
                This is a courtesy translation. The English version is the one that applies.
              </Trans>
            </p>
          ) : null}
          {children}
        </article>
      </div>
    </PublicLayout>
  );
}
