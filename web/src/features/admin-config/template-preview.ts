/** The sample values a notification template's preview fills in (`{{user_id}}`, `{{amount}}`, ...). */
export const previewSample: Readonly<Record<string, string>> = {
  user_id: 'alice',
  user_name: 'Alice Kim',
  amount: '0.5',
  asset: 'BTC',
  ticket_title: 'Deposit not credited',
  site: 'Ledger Exchange',
};

/**
 * A template as it would be sent with `sample`: each `{{name}}` the sample knows is filled, an
 * unknown one is kept as typed (so the preview shows the mistake).
 */
export function renderTemplate(template: string, sample: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(sample, name) ? (sample[name] ?? placeholder) : placeholder,
  );
}
