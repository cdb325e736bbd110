// Meta puts sample templates in every new WhatsApp Business Account (hello_world, and names
// starting sample_). The composers offer them only when an admin links one to an app template.

export const isMetaSample = (name: string): boolean =>
  name === 'hello_world' || name.startsWith('sample_');
