// The site footer of docs/product.md#layout: company profile, contact number, the columns Info, Contact,
// Legal and Follow Us (other sites open in a new tab), the colour mode switch and the copyright line.
import { Link } from '../../lib/router.tsx';
import { ColorModeToggle } from './color-mode-toggle.tsx';
import { COMPANY, EXTERNAL, SOCIAL } from './company.ts';
import { ExternalLink } from './external-link.tsx';
import { FacebookIcon, InstagramIcon, LinkedInIcon, LogoMark, PhoneIcon, TwitterIcon } from './icons.tsx';

/** The link columns; a path of our own opens in the app, any other site in a new tab. */
const COLUMNS: ReadonlyArray<{ id: string; title: string; links: ReadonlyArray<readonly [string, string]> }> =
  [
    {
      id: 'footer-info',
      title: 'Info',
      links: [
        ['/about', 'About Us'],
        [EXTERNAL.blog, 'Blog'],
        [EXTERNAL.referral, 'Referral Program'],
        [EXTERNAL.phishing, 'Phishing & Fraud'],
      ],
    },
    {
      id: 'footer-contact',
      title: 'Contact',
      links: [
        [EXTERNAL.help, 'Help & Support'],
        [EXTERNAL.partner, 'Partner with us'],
      ],
    },
    {
      id: 'footer-legal',
      title: 'Legal',
      links: [
        [EXTERNAL.terms, 'Terms & Conditions'],
        [EXTERNAL.refund, 'Refund & Cancellation'],
        [EXTERNAL.privacy, 'Privacy Policy'],
        [EXTERNAL.cookies, 'Cookie Policy'],
      ],
    },
  ];

const FOLLOW = [
  [SOCIAL.facebook, 'Facebook', FacebookIcon],
  [SOCIAL.instagram, 'Instagram', InstagramIcon],
  [SOCIAL.twitter, 'Twitter', TwitterIcon],
  [SOCIAL.linkedin, 'LinkedIn', LinkedInIcon],
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__profile" aria-label="About the company">
          <p className="site-footer__brand">
            <LogoMark size={32} />
            <span>{COMPANY.brand}</span>
          </p>
          <p>{COMPANY.profile}</p>
          <p>
            <a className="site-footer__phone" href={COMPANY.phoneHref}>
              <PhoneIcon size={18} />
              <span>{COMPANY.phone}</span>
            </a>
          </p>
        </section>
        <div className="site-footer__columns">
          {COLUMNS.map(({ id, title, links }) => (
            <section key={id} aria-labelledby={id}>
              <h2 id={id}>{title}</h2>
              <ul>
                {links.map(([href, label]) => (
                  <li key={href}>
                    {href.startsWith('/') ? (
                      <Link to={href}>{label}</Link>
                    ) : (
                      <ExternalLink href={href}>{label}</ExternalLink>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <section aria-labelledby="footer-follow">
            <h2 id="footer-follow">Follow Us</h2>
            <ul className="site-footer__social">
              {FOLLOW.map(([href, label, Icon]) => (
                <li key={href}>
                  <ExternalLink href={href} aria-label={label}>
                    <Icon />
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="site-footer__bottom">
          <p className="site-footer__copyright">
            © {COMPANY.copyrightYear} {COMPANY.legalName}. Registered office: {COMPANY.registeredOffice}.
          </p>
          <ColorModeToggle className="site-footer__theme" />
        </div>
      </div>
    </footer>
  );
}
