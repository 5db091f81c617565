/**
 * A phone number as Kora shows it everywhere (the back office and the members' page): a Nigerian
 * number in the national form, grouped as people read it (+2348031234567, 2348031234567 and
 * 08031234567 all show "0803 123 4567"). Anything else (a foreign number, an e-mail address)
 * shows as it is.
 */
export const formatPhone = (phone: string | null | undefined): string => {
  if (!phone) return '';
  const compact = phone.replace(/[\s().-]/g, '');
  const nigerian = /^(?:(?:\+|00)?234|0)(\d{3})(\d{3})(\d{4})$/.exec(compact);
  return nigerian ? `0${nigerian[1]} ${nigerian[2]} ${nigerian[3]}` : phone.trim();
};
