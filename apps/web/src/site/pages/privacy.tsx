import { EMAILS } from '../site-config';
import { LegalPage, LegalSection as S } from './legal';

const privacyMail = <a href={`mailto:${EMAILS.privacy}`}>{EMAILS.privacy}</a>;

/** The privacy policy, written for the Nigeria Data Protection Act 2023 (NDPA). */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          Kora (“we”, “us”) is a back office for gyms and fitness businesses in Nigeria: members,
          plans, subscriptions, payments and messages. This policy explains what personal data we
          handle, why, for how long, and the rights you have under the Nigeria Data Protection Act
          2023 (NDPA).
        </p>
      }
    >
      <S title="1. Who is responsible for your data">
        <ul>
          <li>
            <strong>Gym members.</strong> Your gym decides what it records about you and why, so
            your gym is the <em>data controller</em> of your member data. Kora is its{' '}
            <em>data processor</em>: we store and process that data only on the gym’s instructions
            and to provide our service.
          </li>
          <li>
            <strong>Gym owners and staff.</strong> For the accounts of the people who use Kora
            (owners, admins and staff) and for the business profile, Kora is the data controller.
          </li>
          <li>
            <strong>Website visitors.</strong> Kora is the data controller of what you send through
            our contact form.
          </li>
        </ul>
      </S>
      <S title="2. What we collect">
        <h3>About gyms and their teams</h3>
        <ul>
          <li>
            Account details: name, e-mail address, phone number, role (owner, admin or staff),
            profile picture, and your password, which we store only as a one-way hash.
          </li>
          <li>Business profile: business name, logo, address, contact details and settings.</li>
          <li>Team invitations: the e-mail address and role of the person invited.</li>
        </ul>
        <h3>About gym members (on behalf of their gym)</h3>
        <ul>
          <li>
            Names, phone number, e-mail address, home address, city and state, date of birth, gender
            and member ID.
          </li>
          <li>Emergency contact: name, phone number and relationship.</li>
          <li>A picture, when the gym adds one.</li>
          <li>
            Subscriptions and payments: plan, dates, amount, payment method and purpose. We do not
            store card numbers.
          </li>
          <li>Messages the gym sends to members by e-mail, SMS or WhatsApp, and their delivery.</li>
          <li>
            Whether you agreed to receive the gym’s offers and news, and each time you said yes or
            no.
          </li>
          <li>Check-ins (visits) and freezes of your plan.</li>
        </ul>
        <h3>From our website</h3>
        <ul>
          <li>
            What you send through the contact form: business name and e-mail, phone number, member
            count, what you need help with and your message.
          </li>
          <li>
            Technical records such as IP address, browser and time of request, kept for security and
            to stop abuse.
          </li>
        </ul>
      </S>
      <S title="3. Why we use it and our lawful basis">
        <ul>
          <li>
            <strong>Contract:</strong> to provide Kora to gyms, run their accounts and deliver the
            messages they send.
          </li>
          <li>
            <strong>Legitimate interest:</strong> to keep the service secure, prevent fraud and
            abuse, answer sales requests and improve the product, in ways you would reasonably
            expect.
          </li>
          <li>
            <strong>Consent:</strong> for marketing e-mails to gym owners, and for the offers and
            news (promotions) a gym sends its members. You can withdraw consent at any time: gym
            owners with the link in each e-mail or by writing to us, members on their gym’s member
            page or at the front desk.
          </li>
          <li>
            <strong>Legal obligation:</strong> to keep accounting records and to answer lawful
            requests from authorities.
          </li>
        </ul>
        <p>
          Gyms are responsible for having a lawful basis for the member data they record and for the
          messages they send, including members’ consent where the law requires it.
        </p>
      </S>
      <S title="4. Who we share it with">
        <p>
          We never sell personal data and we do not use it for advertising. We share it only with
          service providers that help us run Kora (hosting, file storage, e-mail, SMS and WhatsApp
          delivery), under contracts that require them to protect it and use it only for us, and
          with authorities when Nigerian law requires it.
        </p>
      </S>
      <S title="5. International transfers">
        <p>
          Some of our service providers may store or process data outside Nigeria. We transfer
          personal data only as the NDPA allows: to countries with adequate protection, or with
          appropriate safeguards such as binding contractual clauses.
        </p>
      </S>
      <S title="6. How long we keep it">
        <ul>
          <li>Account, business and member data: while the gym’s account is active.</li>
          <li>
            After an account is closed, we delete or anonymise its data within 90 days; copies in
            backups are overwritten within a further 30 days.
          </li>
          <li>
            Payment records: for as long as Nigerian law requires for accounting and tax records
            (currently six years).
          </li>
          <li>Contact-form requests: up to 24 months after our last exchange with you.</li>
        </ul>
      </S>
      <S title="7. Your rights">
        <p>Under the NDPA you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and get a copy of it;</li>
          <li>have inaccurate data corrected (rectification);</li>
          <li>have your data erased when there is no good reason to keep it;</li>
          <li>restrict how we process it;</li>
          <li>receive it in a portable, machine-readable form;</li>
          <li>object to processing based on legitimate interest, and to direct marketing;</li>
          <li>withdraw your consent at any time, without affecting earlier processing;</li>
          <li>complain to the Nigeria Data Protection Commission (NDPC).</li>
        </ul>
        <p>
          To use a right, e-mail {privacyMail}. We may ask you to confirm your identity, and we
          answer within 30 days. If you are a gym member, please ask your gym first: it controls
          your data, and we help it answer you.
        </p>
        <h3>If you are a gym member: how to use your rights yourself</h3>
        <p>
          Open your gym’s member page (the link your gym sends you, kora.ng/m/YOURGYM, where YOURGYM
          is your gym’s code) and sign in with the code we send to your phone or e-mail. There you
          can:
        </p>
        <ul>
          <li>
            <strong>See your data:</strong> your details, your plan and its dates, your visits, your
            payments with their receipts, and the reminders sent to you.
          </li>
          <li>
            <strong>Download it:</strong> “Download my data” gives you a ZIP file of everything your
            gym keeps about you in Kora, readable in any spreadsheet.
          </li>
          <li>
            <strong>Correct it:</strong> change your e-mail, address and emergency contact, and your
            phone number with a code sent to the new number; ask the front desk for the rest.
          </li>
          <li>
            <strong>Object to marketing:</strong> answer “May your gym send you offers and news?”
            Yes or No at any time. After No, you get no promotions; service notices (opening hours,
            a closure) still reach you.
          </li>
          <li>
            <strong>Erase it:</strong> “Erase my data” sends your gym a request. Once your gym
            erases you, your name reads “Erased member” with your member ID, and your phone, e-mail,
            address, date of birth, emergency contact, picture and card are removed everywhere Kora
            keeps them. Payments and receipts stay, without your details, because the law requires
            the gym to keep its accounting records.
          </li>
        </ul>
        <p>At the front desk, your gym’s owner or admin can do the same for you.</p>
      </S>
      <S title="8. Security and data breaches">
        <p>
          Data travels encrypted (HTTPS). Passwords are stored as strong one-way hashes. Each gym’s
          data is kept apart from every other gym’s, and team roles limit who can change what.
        </p>
        <p>
          If a breach puts personal data at risk, we notify the NDPC within 72 hours of becoming
          aware of it, inform the affected people without undue delay when it is likely to put their
          rights and freedoms at high risk, and tell the gyms concerned so they can meet their own
          duties.
        </p>
      </S>
      <S title="9. Cookies and local storage">
        <p>
          Our public website sets no cookies and uses no advertising or third-party tracking. The
          Kora back office keeps your sign-in in your browser’s storage so that you stay signed in;
          signing out removes it.
        </p>
      </S>
      <S title="10. Age">
        <p>
          Kora accounts are for people aged 18 or older. Gyms that record members under 18 must have
          the consent of a parent or guardian.
        </p>
      </S>
      <S title="11. Changes to this policy">
        <p>
          When we change this policy we publish the new version here with its effective date, and we
          e-mail account owners about important changes before they apply.
        </p>
      </S>
      <S title="12. Contact">
        <p>Questions about privacy or this policy: {privacyMail}.</p>
      </S>
    </LegalPage>
  );
}
