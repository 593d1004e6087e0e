import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Permissions } from '../../../contracts/rights';
import { VOCABULARY_LIMITS, VOCABULARY_TYPES } from '../../../contracts/vocabulary-rules';
import type { VocabularyType } from '../../../contracts/vocabulary-rules';
import { LazySelect } from '../../components/LazySelect';
import { PATHS } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { fetchLibraries } from './api';
import type { LibraryPage } from './api';
import { useOpenSvip } from './svip';
import { hasAnyRight, hasRight } from './rules';
import './vocabulary-picker.css';
import { librariesKey } from '../../lib/query-keys';

/** The most the list call gives in one page; a user's libraries of one type fit well within it. */
const ALL_OF_TYPE = 100;

/**
 * A type's libraries, asked for when the plan includes the type. Silent: an unreachable list leaves the type
 * out; the transcription or meeting still starts without it.
 */
function useLibrariesOfType(type: VocabularyType, permissions: Permissions) {
  const query = { type, pageNum: 1, pageSize: ALL_OF_TYPE };
  return useQuery({ queryKey: librariesKey(query), queryFn: () => fetchLibraries(query, { silent: true }), enabled: hasRight(permissions, type) });
}

interface VocabularyPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  testId?: string;
  /** Pages outside the layout have no pay dialog: they send the user to the bills page instead. */
  buyByLink?: boolean;
}

/**
 * The libraries a file transcription or a meeting applies (sent as `documentIds`): grouped by type, at
 * most five of each. Types the plan does not include are disabled, and without any of them the picker
 * says why and offers SVIP (spec §6).
 */
export function VocabularyPicker({ value = [], onChange, testId, buyByLink = false }: VocabularyPickerProps) {
  const { t } = useTranslation();
  const permissions = useSession((s) => s.permissions);
  const openSvip = useOpenSvip();
  const allowed = hasAnyRight(permissions);
  // One query per type by name rather than useQueries, whose observer code would load with every first screen
  // that shows the picker; the record type makes a new library type a compile error here.
  const lists: Record<VocabularyType, UseQueryResult<LibraryPage>> = {
    words: useLibrariesOfType('words', permissions),
    terms: useLibrariesOfType('terms', permissions),
    sensitive: useLibrariesOfType('sensitive', permissions),
  };

  const typeOf = new Map<number, VocabularyType>();
  const options = VOCABULARY_TYPES.flatMap((type) => {
    const rows = lists[type].data?.rows ?? [];
    if (rows.length === 0) return [];
    const usable = hasRight(permissions, type);
    const chosen = rows.filter((row) => value.includes(row.id)).length;
    for (const row of rows) typeOf.set(row.id, type);
    return [
      {
        label: t(`vocabulary.types.${type}`),
        title: t(`vocabulary.types.${type}`),
        options: rows.map((row) => ({
          value: row.id,
          label: row.name,
          // A type's sixth library waits until one of the five is removed.
          disabled: !usable || (chosen >= VOCABULARY_LIMITS.perJob && !value.includes(row.id)),
        })),
      },
    ];
  });

  const change = (ids: number[]) => {
    const counts = new Map<VocabularyType, number>();
    const kept = ids.filter((id) => {
      const type = typeOf.get(id);
      if (!type) return false;
      const n = (counts.get(type) ?? 0) + 1;
      counts.set(type, n);
      return n <= VOCABULARY_LIMITS.perJob;
    });
    onChange?.(kept);
  };

  return (
    <div className="vocabulary-picker">
      <LazySelect<number[]>
        mode="multiple"
        allowClear
        showSearch
        optionFilterProp="label"
        value={allowed ? value : []}
        onChange={change}
        options={options}
        disabled={!allowed}
        loading={Object.values(lists).some((l) => l.isLoading)}
        placeholder={allowed ? t('vocabulary.picker.placeholder') : t('vocabulary.picker.svipOnly')}
        notFoundContent={t('vocabulary.picker.none')}
        aria-label={t('vocabulary.picker.label')}
        data-testid={testId}
      />
      {allowed ? (
        <small className="vocabulary-picker-hint">{t('vocabulary.picker.hint', { count: VOCABULARY_LIMITS.perJob })}</small>
      ) : (
        <small className="vocabulary-picker-hint" data-testid={testId ? `${testId}-svip` : undefined}>
          {t('vocabulary.picker.svipHint')}{' '}
          {buyByLink ? (
            <Link to={PATHS.userAccount} data-testid={testId ? `${testId}-buy` : undefined}>
              {t('vocabulary.svip.buy')}
            </Link>
          ) : (
            <Button type="link" size="small" className="vocabulary-picker-buy" onClick={openSvip} data-testid={testId ? `${testId}-buy` : undefined}>
              {t('vocabulary.svip.buy')}
            </Button>
          )}
        </small>
      )}
    </div>
  );
}
