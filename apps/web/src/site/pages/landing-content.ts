import {
  IconBuildingStore,
  IconCash,
  IconClock,
  IconDeviceMobile,
  IconHeartHandshake,
  IconListDetails,
  IconMessages,
  IconReceipt,
  IconRefresh,
  IconShieldCheck,
  IconTrendingUp,
  IconUsers,
} from '@tabler/icons-react';

/*
 * What the landing page says. The figures and prices are the specification's; the features
 * are what Kora really does.
 */

export const HERO_CLAIMS = [
  '1-month (30-day) free trial',
  'No credit card needed',
  'Cancel anytime',
] as const;

export const FIGURES = [
  { value: '500+', label: 'gyms' },
  { value: '98%', label: 'satisfaction' },
  { value: '₦100M+', label: 'processed' },
  { value: '15+', label: 'hours saved weekly' },
  { value: '35%', label: 'better retention' },
  { value: '100%+', label: 'revenue increase' },
] as const;

export const FEATURES = [
  {
    icon: IconUsers,
    title: 'Members in one place',
    text: 'Profiles, pictures, member IDs, addresses and emergency contacts, found in a second at the front desk.',
  },
  {
    icon: IconListDetails,
    title: 'Plans your way',
    text: 'Daily passes to annual plans, for one person or a group, each with its own price in naira.',
  },
  {
    icon: IconRefresh,
    title: 'Subscriptions and renewals',
    text: 'Recording a payment starts or extends a subscription. See who expires this week before they lapse.',
  },
  {
    icon: IconCash,
    title: 'Payments in naira',
    text: 'Cash, card and transfer payments recorded as they happen, with totals for today, the month and the year.',
  },
  {
    icon: IconMessages,
    title: 'Bulk messages',
    text: 'Reminders and announcements by e-mail, SMS and WhatsApp, sent now or scheduled, with each member’s name.',
  },
  {
    icon: IconShieldCheck,
    title: 'Team roles',
    text: 'Owner, admin and staff: invite your team and let each person do exactly their part.',
  },
  {
    icon: IconBuildingStore,
    title: 'Your business, your brand',
    text: 'Your gym’s profile and logo, and member IDs that carry your gym’s own code.',
  },
  {
    icon: IconDeviceMobile,
    title: 'Works on a cheap phone',
    text: 'Light, fast pages that fit a small screen and stay quick on a slow network.',
  },
] as const;

export const BENEFITS = [
  {
    icon: IconClock,
    figure: '15+ hours',
    title: 'saved every week',
    text: 'No more notebooks and spreadsheets: payments, renewals and reminders take seconds, not evenings.',
  },
  {
    icon: IconHeartHandshake,
    figure: '35%',
    title: 'better retention',
    text: 'Members hear from you before their subscription runs out, so more of them renew.',
  },
  {
    icon: IconTrendingUp,
    figure: '100%+',
    title: 'revenue increase',
    text: 'Know who has paid, who owes and which plans sell, and stop losing renewals you never saw coming.',
  },
  {
    icon: IconReceipt,
    figure: 'Every naira',
    title: 'accounted for',
    text: 'Each payment is kept with its method, plan and purpose, so closing the month is quick and your records add up.',
  },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'Before Kora we tracked renewals in a notebook. Now the front desk sees who expires this week and sends them one WhatsApp reminder.',
    name: 'Adaeze Okafor',
    role: 'Owner',
    gym: 'Pulse Fitness Studio',
    city: 'Lagos',
  },
  {
    quote:
      'Our members pay by transfer, cash and card. Every payment is in one place now, so closing the month takes minutes, not a weekend.',
    name: 'Tunde Balogun',
    role: 'Manager',
    gym: 'Iron Yard Gym',
    city: 'Ibadan',
  },
  {
    quote:
      'It runs on the cheap Android phone at our reception, even when the network is slow. My staff learned it in one afternoon.',
    name: 'Hauwa Abdullahi',
    role: 'Founder',
    gym: 'FitHaven',
    city: 'Abuja',
  },
] as const;

export interface PricingPlan {
  name: string;
  audience: string;
  /** Naira per month, when billed annually and monthly. */
  annual: number;
  monthly: number;
  popular?: boolean;
  cta: { label: string; href: string };
  includes: string[];
}

export const PRICING_PLANS: PricingPlan[] = [
  {
    name: 'Starter',
    audience: 'For gyms with under 100 members',
    annual: 25_000,
    monthly: 30_000,
    cta: { label: 'Get Started', href: '/signup' },
    includes: [
      'Members, plans and subscriptions',
      'Cash, card and transfer payments',
      'E-mail, SMS and WhatsApp messages',
      'Owner, admin and staff accounts',
    ],
  },
  {
    name: 'Premium',
    audience: 'For gyms with over 100 members',
    annual: 45_000,
    monthly: 55_000,
    popular: true,
    cta: { label: 'Get Started', href: '/signup' },
    includes: [
      'Everything in Starter',
      'Scheduled messages to member groups',
      'Revenue, renewals and retention at a glance',
      'Priority support',
    ],
  },
  {
    name: 'Enterprise',
    audience: 'For large gyms and fitness chains',
    annual: 85_000,
    monthly: 100_000,
    cta: { label: 'Contact sales', href: '/contact-sales' },
    includes: [
      'Everything in Premium',
      'Help moving your member records to Kora',
      'Training for your front-desk team',
      'A dedicated account manager',
    ],
  },
];
