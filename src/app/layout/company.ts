// The company facts and external sites the footer and header link to, in one place so a rename or a
// new domain is a one-line change. Company sites use the reserved .example domain until real ones exist.
export const COMPANY = {
  brand: 'Bhojan',
  legalName: 'Bhojan Foods Private Limited',
  profile:
    'Bhojan brings the food of your neighbourhood restaurants to your door: honest prices, live tracking, and an app that keeps working on a flaky network.',
  registeredOffice: '4th Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034, India',
  phone: '+91 80 4718 2300',
  phoneHref: 'tel:+918047182300',
  copyrightYear: 2023,
} as const;

const SITE = 'https://bhojan.example';

export const EXTERNAL = {
  blog: `${SITE}/blog`,
  referral: `${SITE}/refer-and-earn`,
  phishing: `${SITE}/phishing-and-fraud`,
  help: `${SITE}/help-and-support`,
  partner: 'https://partner.bhojan.example',
  terms: `${SITE}/terms-and-conditions`,
  refund: `${SITE}/refund-and-cancellation`,
  privacy: `${SITE}/privacy-policy`,
  cookies: `${SITE}/cookie-policy`,
} as const;

export const SOCIAL = {
  facebook: 'https://www.facebook.com/bhojanfoods',
  instagram: 'https://www.instagram.com/bhojanfoods',
  twitter: 'https://twitter.com/bhojanfoods',
  linkedin: 'https://www.linkedin.com/company/bhojanfoods',
} as const;
