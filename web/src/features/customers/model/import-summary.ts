import type { ImportMerge, ImportReport } from '../api/import-customers';

/**
 * The toast after an import: 'Import successful' only when every row went in; else how many
 * of how many, and how many failed ('Imported 9 of 10; 1 failed').
 */
export function importSummary(report: ImportReport): {
  text: string;
  tone: 'success' | 'warn';
} {
  if (report.errorCount === 0) return { text: 'Import successful', tone: 'success' };
  const imported = report.created + report.updated + report.skipped;
  return {
    text: `Imported ${imported} of ${imported + report.errorCount}; ${report.errorCount} failed`,
    tone: 'warn',
  };
}

const ADDED_LABELS: Record<keyof ImportMerge['added'], string> = {
  names: 'name',
  phones: 'phone',
  emails: 'email',
  categories: 'category',
  potential: 'potential',
  note: 'note',
};

/** What a merged row added, in words: 'name Kiran Joshi (dup); email k@x.in'. */
export function addedText(
  added: ImportMerge['added'],
  showPhone: (value: string) => string,
): string {
  return (Object.keys(ADDED_LABELS) as (keyof ImportMerge['added'])[])
    .flatMap((field) => {
      const value = added[field];
      if (value === undefined || value.length === 0) return [];
      const values = Array.isArray(value) ? value : [value];
      const shown = field === 'phones' ? values.map(showPhone) : values;
      return [`${ADDED_LABELS[field]} ${shown.join(', ')}`];
    })
    .join('; ');
}
