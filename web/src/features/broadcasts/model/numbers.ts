import { formatINR } from '../../../lib/format';

const counts = new Intl.NumberFormat('en-IN');

/** 12345 → '12,345' (Indian grouping). */
export const formatCount = (n: number) => counts.format(n);

/** Paise as rupees: 8631 → '₹86.31'. */
export const formatPaise = (paise: number) => formatINR(paise / 100);
