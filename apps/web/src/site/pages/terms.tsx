import { EMAILS } from '../site-config';
import { LegalPage, LegalSection as S } from './legal';

/** The terms of service. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms are an agreement between Kora (“we”, “us”) and the business that uses Kora
          (“you”). By creating an account or using Kora you accept them on behalf of your business.
          Please read them with our <a href="/privacy">Privacy Policy</a>.
        </p>
      }
    >
      <S title="1. The service">
        <p>
          Kora is an online back office for gyms and fitness businesses: members, subscription
          plans, subscriptions and renewals, payments in naira, bulk messages by e-mail, SMS and
          WhatsApp, and team accounts.
        </p>
      </S>
      <S title="2. Accounts">
        <ul>
          <li>You must be 18 or older and allowed to act for the business you register.</li>
          <li>
            Keep your password secret and give each team member their own account. You are
            responsible for what is done through your business’s accounts.
          </li>
          <li>Keep your account and business details accurate.</li>
        </ul>
      </S>
      <S title="3. Your data and your members">
        <ul>
          <li>
            The data you put into Kora remains yours. We process your members’ data only to provide
            the service, as our Privacy Policy describes.
          </li>
          <li>
            You are the data controller of your members’ data: you must have a lawful basis for
            recording it, tell your members how you use it, and answer their requests under the
            Nigeria Data Protection Act 2023.
          </li>
          <li>
            You must have your members’ consent where the law requires it before sending them
            messages through Kora, and stop messaging anyone who asks you to.
          </li>
        </ul>
      </S>
      <S title="4. Trial, fees and payment">
        <ul>
          <li>New businesses get a 30-day free trial; no credit card is needed to start.</li>
          <li>
            After the trial, the fees of the plan you choose apply, in naira, as shown on our
            pricing page, billed monthly or annually in advance. Annual billing saves 20%.
          </li>
          <li>Fees do not include taxes such as VAT, which are added where the law requires.</li>
          <li>
            You can cancel at any time; your plan then runs to the end of the period already paid
            for. Fees already paid are not refunded, except where the law requires.
          </li>
          <li>We give at least 30 days’ notice by e-mail before a price change applies to you.</li>
        </ul>
      </S>
      <S title="5. Acceptable use">
        <p>You must not use Kora to:</p>
        <ul>
          <li>break the law, or record data you have no right to hold;</li>
          <li>send spam, unsolicited marketing, or threatening, abusive or misleading messages;</li>
          <li>upload malware, or try to break into, probe or overload the service;</li>
          <li>copy, resell or scrape the service, or reach another business’s data.</li>
        </ul>
      </S>
      <S title="6. Availability and changes">
        <p>
          We work to keep Kora available and fast, but it may sometimes be unavailable for
          maintenance or for reasons beyond our control, such as network or message-delivery
          providers. We improve Kora over time and may change features; we tell you in advance about
          changes that reduce what you rely on.
        </p>
      </S>
      <S title="7. Liability">
        <p>
          Kora is provided as it is. As far as Nigerian law allows, we are not liable for indirect
          or consequential losses, such as lost profits or lost business, and our total liability
          for any claim is limited to the fees you paid us in the 12 months before it. Nothing in
          these terms limits liability that the law does not allow us to limit.
        </p>
      </S>
      <S title="8. Suspension and termination">
        <p>
          You can close your account at any time. We may suspend or close an account that breaks
          these terms or is not paid for, after notice where we reasonably can. After closure we
          delete your data as our Privacy Policy describes; ask us before closing if you want a
          copy.
        </p>
      </S>
      <S title="9. Governing law">
        <p>
          These terms are governed by the laws of the Federal Republic of Nigeria. We will first try
          to settle any dispute with you in good faith; if we cannot, the courts of Nigeria decide
          it.
        </p>
      </S>
      <S title="10. Changes to these terms">
        <p>
          We publish changes here with a new effective date and e-mail account owners about
          important changes at least 30 days before they apply.
        </p>
      </S>
      <S title="11. Contact">
        <p>
          Questions about these terms: <a href={`mailto:${EMAILS.support}`}>{EMAILS.support}</a>.
        </p>
      </S>
    </LegalPage>
  );
}
