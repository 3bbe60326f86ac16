// /about: who runs Bhojan, what we are trying to do, and how to reach us. The company facts match the
// footer's (src/app/layout/company.ts), which features may not import.
import { Link } from '../../lib/router.tsx';
import './company.css';

export function AboutPage() {
  return (
    <main id="main" className="page co-page">
      <h1>About Bhojan</h1>
      <p className="co-lead">
        Bhojan connects hungry people with the kitchens of their neighbourhood: local restaurants, family-run
        dhabas and cloud kitchens, delivered quickly and tracked live from the stove to your door.
      </p>

      <section aria-labelledby="co-mission">
        <h2 id="co-mission">Our mission</h2>
        <p>
          Good food should be easy to order on any phone and any network. We build a storefront that loads
          fast on a budget handset, keeps your cart and the menus you looked at when the signal drops, and
          shows prices honestly in rupees, with taxes and fees spelt out before you pay.
        </p>
        <p>
          For restaurants we are a fair partner: live orders on a simple screen, quick settlements and no
          surprises in the commission.
        </p>
      </section>

      <section aria-labelledby="co-company">
        <h2 id="co-company">The company</h2>
        <p>
          Bhojan is operated by Bhojan Foods Private Limited, a private limited company incorporated in India
          under the Companies Act, 2013.
        </p>
        <address className="co-address">
          <strong>Registered office</strong>
          <br />
          Bhojan Foods Private Limited
          <br />
          4th Floor, 80 Feet Road, Koramangala
          <br />
          Bengaluru, Karnataka 560034, India
        </address>
      </section>

      <section aria-labelledby="co-contact">
        <h2 id="co-contact">Contact us</h2>
        <ul className="co-contact">
          <li>
            Customer support: <a href="tel:+918047182300">+91 80 4718 2300</a> (9 am to 11 pm, every day)
          </li>
          <li>
            Email: <a href="mailto:support@bhojan.example">support@bhojan.example</a>
          </li>
          <li>
            Restaurant partners: <a href="mailto:partners@bhojan.example">partners@bhojan.example</a>
          </li>
          <li>
            Grievance officer: <a href="mailto:grievance@bhojan.example">grievance@bhojan.example</a>
          </li>
        </ul>
      </section>

      <p>
        <Link className="button button--primary" to="/restaurants">
          Order food now
        </Link>
      </p>
    </main>
  );
}
