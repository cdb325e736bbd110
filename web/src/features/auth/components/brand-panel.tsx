/** The marketing side of the sign-in screen. */
const POINTS = [
  ['Customers', 'Every contact with all their names, phones and emails, tagged and rated.'],
  ['Entries', 'A log of every interaction, sent out as WhatsApp and email messages.'],
  ['Approvals', 'New entries and employee accounts wait for an admin to approve them.'],
  ['Dashboard & charts', 'Totals, trends, channels and the sales funnel at a glance.'],
  ['WhatsApp / email flow', 'Templates, attachments and follow-ups reach customers on time.'],
  ['Templates & tags', 'Reusable messages and tags keep the whole team consistent.'],
] as const;

export function BrandPanel({ companyName }: { companyName: string }) {
  return (
    <div className="login-brand">
      <p className="login-brand__name">{companyName}</p>
      <p className="login-brand__tagline">CRM, Orders, Approvals</p>
      <ul className="login-brand__points">
        {POINTS.map(([title, text]) => (
          <li key={title}>
            <strong>{title}</strong>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
