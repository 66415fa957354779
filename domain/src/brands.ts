/**
 * Branding by the host a customer landed on: one partner host has
 * its own logo, a single Contact Us link and its own footer; every other host gets the brand
 * navigation. Mails are branded by the order's landing_domain through the same table.
 */
export interface BrandLink {
  label: string;
  href: string;
}

export interface Brand {
  id: 'main' | 'partner';
  name: string;
  /** Logo under the visitor app's public folder. */
  logo: string;
  navigation: BrandLink[];
  footer: string;
  supportEmail: string;
}

const SITE = 'https://thailandarrivalcard.example';

export const MAIN_BRAND: Brand = {
  id: 'main',
  name: 'Thailand Arrival Card',
  logo: '/v/brands/main.svg',
  navigation: [
    { label: 'Home', href: `${SITE}/` },
    { label: 'Apply Now', href: `${SITE}/apply` },
    { label: 'Additional Benefits', href: `${SITE}/additional-benefits` },
    { label: 'Terms & Conditions', href: `${SITE}/terms-and-conditions` },
    { label: 'Privacy Policy', href: `${SITE}/privacy-policy` },
    { label: 'Refund Policy', href: `${SITE}/refund-policy` },
    { label: 'Contact Us', href: `${SITE}/contact-us` },
  ],
  footer:
    'Thailand Arrival Card is a private application service and is not affiliated with the Government of Thailand.',
  supportEmail: 'support@thailandarrivalcard.example',
};

export const PARTNER_BRAND: Brand = {
  id: 'partner',
  name: 'Partner Travel',
  logo: '/v/brands/partner.svg',
  navigation: [{ label: 'Contact Us', href: 'https://partner-travel.example/contact' }],
  footer: 'Partner Travel processes arrival card applications on behalf of its customers.',
  supportEmail: 'help@partner-travel.example',
};

/** Hosts (without port) that get the partner brand; `partner.localhost` is for trying it locally. */
export const PARTNER_HOSTS: readonly string[] = [
  'partner-travel.example',
  'www.partner-travel.example',
  'partner.localhost',
];

export function brandForHost(host: string | null | undefined): Brand {
  const name = String(host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '');
  return PARTNER_HOSTS.includes(name) ? PARTNER_BRAND : MAIN_BRAND;
}

/** Footer copyright line (copyright 2025 and the domain). */
export const copyrightLine = (host: string): string => `© 2025 ${host.replace(/:\d+$/, '')}`;
