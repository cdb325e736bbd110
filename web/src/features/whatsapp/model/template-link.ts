// Linking an approved template: which body parameter takes the typed text and which the
// customer's name. Every parameter must take one of them, or Meta refuses the message.
import type { CatalogTemplate, TemplateLink } from '../api/types';

export const linkKey = (t: { name: string; language: string }) => `${t.name}|${t.language}`;

/** A fresh link to a template: a lone parameter takes the text; more are for the person to map. */
export function newLink(template: CatalogTemplate): TemplateLink {
  return {
    name: template.name,
    language: template.language,
    textParam: template.paramCount >= 1 ? 1 : null,
    nameParam: template.paramCount >= 2 ? 2 : null,
  };
}

/**
 * The link with one parameter set; taking the other's parameter swaps them, as the text and
 * the name can never share one.
 */
export function withParam(
  link: TemplateLink,
  key: 'textParam' | 'nameParam',
  value: number | null,
): TemplateLink {
  const other = key === 'textParam' ? 'nameParam' : 'textParam';
  return {
    ...link,
    [key]: value,
    ...(value !== null && link[other] === value && { [other]: link[key] }),
  };
}

/** The parameters a link leaves empty, e.g. [3] for {{3}}. */
export function unfilledParams(link: TemplateLink, paramCount: number): number[] {
  return Array.from({ length: paramCount }, (_, i) => i + 1).filter(
    (n) => n !== link.textParam && n !== link.nameParam,
  );
}

/** Why Meta would refuse this link, in words, or null. */
export function linkProblem(link: TemplateLink, template: CatalogTemplate | undefined) {
  if (!template) return null;
  const empty = unfilledParams(link, template.paramCount);
  if (empty.length > 0) {
    return `Every parameter needs the text or the name: ${empty.map((n) => `{{${n}}}`).join(', ')} takes neither.`;
  }
  return null;
}
