// Indian names, businesses, phone numbers and email addresses for generated customers.
import type { Random } from './random.ts';

const FIRST_NAMES =
  `Aarav Vivaan Aditya Vihaan Arjun Sai Reyansh Ayaan Krishna Ishaan Shaurya Atharv Rohan Rahul Amit Sanjay Suresh Ramesh Mahesh Rajesh Vikram Anil Sunil Prakash Manoj Deepak Ganesh Harish Naveen Kiran Diya Ananya Aadhya Saanvi Pari Meera Priya Neha Pooja Kavya Lakshmi Sunita Anjali Deepika Swati Shreya Divya Nandini Radha Gurpreet Harpreet Mohammed Imran Farhan Joseph Thomas Venkatesh Srinivas Murugan Senthil`.split(
    ' ',
  );
const LAST_NAMES =
  `Sharma Verma Patel Shah Iyer Iyengar Reddy Naidu Gupta Agarwal Nair Menon Pillai Desai Kulkarni Joshi Patil Deshmukh Mehta Singh Chauhan Yadav Rao Das Banerjee Chatterjee Mukherjee Bose Ghosh Sen Khan Qureshi Sheikh Fernandes D'Souza Gill Sandhu Bhatia Malhotra Kapoor Chopra Thakur Mishra Tiwari Pandey Dubey Jain Choudhary Krishnan Subramanian`.split(
    ' ',
  );
const PLACES =
  `Pune Nashik Anand Kolhapur Karnal Ludhiana Erode Madurai Mysuru Hubballi Indore Bhopal Jaipur Rajkot Vadodara Nagpur Guntur Vijayawada Coimbatore Salem Kochi Thrissur Lucknow Agra Meerut Patna Cuttack Guwahati Siliguri Dehradun`.split(
    ' ',
  );
const BUSINESSES =
  `Dairy|Milk Products|Foods|Agro Industries|Pharma|Beverages|Industries|Creamery|Dairy Farm|Cooperative Milk Union|Ice Creams|Sweets|Chemicals|Breweries|Engineering Works`.split(
    '|',
  );
const SUFFIXES = ['', ' Pvt Ltd', ' LLP', ' & Sons', ' Enterprises'];
const MAILBOXES = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.co.in',
  'rediffmail.com',
  'outlook.com',
];

export interface Person {
  first: string;
  last: string;
  business: string;
}

export function person(rnd: Random): Person {
  const first = rnd.pick(FIRST_NAMES);
  const last = rnd.pick(LAST_NAMES);
  const business = `${rnd.chance(0.5) ? last : rnd.pick(PLACES)} ${rnd.pick(BUSINESSES)}${rnd.pick(SUFFIXES)}`;
  return { first, last, business };
}

/** Lowercased letters only, for email local parts and domains. */
function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z]+/g, '');
}

/**
 * The n-th Indian mobile number (+91, 10 digits starting 6 to 9): a permutation of n, so every
 * n gives a different number and consecutive ones look unrelated.
 */
export function mobile(n: number): string {
  const span = 4_000_000_000n;
  // Odd and not a multiple of 5, so coprime with 4·10⁹: the map is a permutation. In BigInt:
  // past n ≈ 7 million the product leaves a double's exact integers, and numbers collided (the
  // team load's, from 90 million up, were refused as another customer's).
  const digits = 6_000_000_000n + ((BigInt(n) * 1_234_567_891n + 987_654_321n) % span);
  return `+91${digits}`;
}

/** A personal address (n keeps it unique) or, for a business, its sales desk. */
export function email(rnd: Random, p: Person, n: number, business: boolean): string {
  if (business) return `sales${n}@${slug(p.business).slice(0, 20)}.in`;
  const local = rnd.chance(0.5)
    ? `${slug(p.first)}.${slug(p.last)}`
    : `${slug(p.first)}${slug(p.last)}`;
  return `${local}${n}@${rnd.pick(MAILBOXES)}`;
}
