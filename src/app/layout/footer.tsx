// The site footer of docs/product.md#layout: company profile, contact number, the columns Info, Contact,
// Legal and Follow Us (other sites open in a new tab), the colour mode switch and the copyright line.
import { Link } from 'react-router-dom';
import { ColorModeToggle } from './color-mode-toggle.tsx';
import { COMPANY, EXTERNAL, SOCIAL } from './company.ts';
import { ExternalLink } from './external-link.tsx';
import { FacebookIcon, InstagramIcon, LinkedInIcon, LogoMark, PhoneIcon, TwitterIcon } from './icons.tsx';

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
          <section aria-labelledby="footer-info">
            <h2 id="footer-info">Info</h2>
            <ul>
              <li>
                <Link to="/about">About Us</Link>
              </li>
              <li>
                <ExternalLink href={EXTERNAL.blog}>Blog</ExternalLink>
              </li>
              <li>
                <ExternalLink href={EXTERNAL.referral}>Referral Program</ExternalLink>
              </li>
              <li>
                <ExternalLink href={EXTERNAL.phishing}>Phishing &amp; Fraud</ExternalLink>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">Contact</h2>
            <ul>
              <li>
                <ExternalLink href={EXTERNAL.help}>Help &amp; Support</ExternalLink>
              </li>
              <li>
                <ExternalLink href={EXTERNAL.partner}>Partner with us</ExternalLink>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-legal">
            <h2 id="footer-legal">Legal</h2>
            <ul>
              <li>
                <ExternalLink href={EXTERNAL.terms}>Terms &amp; Conditions</ExternalLink>
              </li>
              <li>
                <ExternalLink href={EXTERNAL.refund}>Refund &amp; Cancellation</ExternalLink>
              </li>
              <li>
                <ExternalLink href={EXTERNAL.privacy}>Privacy Policy</ExternalLink>
              </li>
              <li>
                <ExternalLink href={EXTERNAL.cookies}>Cookie Policy</ExternalLink>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-follow">
            <h2 id="footer-follow">Follow Us</h2>
            <ul className="site-footer__social">
              <li>
                <ExternalLink href={SOCIAL.facebook} aria-label="Facebook">
                  <FacebookIcon />
                </ExternalLink>
              </li>
              <li>
                <ExternalLink href={SOCIAL.instagram} aria-label="Instagram">
                  <InstagramIcon />
                </ExternalLink>
              </li>
              <li>
                <ExternalLink href={SOCIAL.twitter} aria-label="Twitter">
                  <TwitterIcon />
                </ExternalLink>
              </li>
              <li>
                <ExternalLink href={SOCIAL.linkedin} aria-label="LinkedIn">
                  <LinkedInIcon />
                </ExternalLink>
              </li>
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
