// The permission catalogue, grouped as the Permission Picker shows it; '*' stands for every
// permission. Like everything in contract/, plain TypeScript without imports: web/ imports it as
// @contract/<file>.

export const PERMISSION_GROUPS = [
  {
    name: 'Customers',
    permissions: [
      'customers.read',
      'customers.write',
      'customers.delete',
      'customers.merge',
      'customers.import',
      'customers.export',
    ],
  },
  {
    name: 'Entries',
    permissions: [
      'entries.read',
      'entries.write',
      'entries.delete',
      'entries.export',
      'entries.import',
    ],
  },
  { name: 'Products', permissions: ['products.write'] },
  { name: 'Broadcasts', permissions: ['broadcasts.send'] },
  { name: 'Templates', permissions: ['templates.read', 'templates.write', 'templates.delete'] },
  { name: 'Settings', permissions: ['settings.read', 'settings.write'] },
  {
    name: 'Payments & Reports',
    permissions: ['payments.read', 'payments.write', 'reports.read', 'reports.export'],
  },
  { name: 'Admin', permissions: ['admin.read', 'admin.write', '*'] },
] as const;
