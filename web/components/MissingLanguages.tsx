import { useTranslation } from 'react-i18next';
import type { MissingLanguage } from '../../contracts/engine-languages';

/**
 * Why languages are missing from a language choice, as the deployment says (GET language lists, `missing`):
 * folded under one line so the dialog stays short, each language's reason in the reader's language and a
 * user's terms.
 */
export function MissingLanguages({ missing, kind, testId }: { missing: readonly MissingLanguage[] | undefined; kind: 'sources' | 'targets'; testId: string }) {
  const { t } = useTranslation();
  if (!missing?.length) return null;
  return (
    <details className="missing-languages" data-testid={testId}>
      <summary>{t(`missingLanguages.${kind}`, { count: missing.length })}</summary>
      <ul>
        {missing.map((l) => (
          <li key={l.code}>{l.reason}</li>
        ))}
      </ul>
    </details>
  );
}
