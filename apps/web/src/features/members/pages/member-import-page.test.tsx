import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { IMPORT_MESSAGES, type ImportRow, type MemberImport } from '@kora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectLabelled } from '@/test/expect';
import { fail, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { field, pickFile, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { itNamesTheTab } from '@/test/page-tests';
import { MemberImportPage } from './member-import-page';
import { MembersPage } from './members-page';

const row = (overrides: Partial<ImportRow> = {}): ImportRow => ({
  row: 2,
  outcome: 'create',
  first_name: 'Ada',
  last_name: 'Nwosu',
  mobile_number: '+2348031234567',
  email_address: 'ada@example.com',
  plan: 'Monthly',
  expiry_date: '2026-12-31',
  existing_member: null,
  problems: [],
  warnings: [],
  ...overrides,
});
const refusedRow = row({
  row: 4,
  outcome: 'refuse',
  first_name: 'Bayo',
  last_name: '',
  mobile_number: '',
  email_address: 'bayo@example',
  plan: null,
  expiry_date: null,
  problems: ['The phone number is missing.'],
});

/** members.xlsx as uploaded: four columns, the mapping guessed, no preview yet. */
const draft = (overrides: Partial<MemberImport> = {}): MemberImport => ({
  id: 7,
  file_name: 'members.xlsx',
  status: 'draft',
  total_rows: 3,
  header_row: 2,
  header_rows: [
    { row: 1, text: 'IRON PARADISE MEMBERS' },
    { row: 2, text: 'First Name | Surname | Tel | Email Address' },
    { row: 3, text: 'Ada | Nwosu | 0803 123 4567 | ada@example.com' },
  ],
  title_case: true,
  plan_without_expiry: 'none',
  columns: [
    { index: 0, header: 'First Name', samples: ['Ada', 'Emeka'] },
    { index: 1, header: 'Surname', samples: ['Nwosu', 'Obi'] },
    { index: 2, header: 'Tel', samples: ['0803 123 4567', '0812 555 0101'] },
    { index: 3, header: 'Email Address', samples: ['ada@example.com'] },
  ],
  mapping: { first_name: 0, last_name: 1, mobile_number: 2, email_address: 3 },
  duplicates: 'skip',
  previewed: false,
  counts: { create: 0, update: 0, skip: 0, refuse: 0 },
  processed_rows: 0,
  preview_rows: [],
  problem_rows: [],
  created_at: '2026-11-25T10:00:00Z',
  started_at: null,
  finished_at: null,
  ...overrides,
});
const previewed = (overrides: Partial<MemberImport> = {}) =>
  draft({
    previewed: true,
    counts: { create: 2, update: 0, skip: 0, refuse: 1 },
    preview_rows: [row(), row({ row: 3, first_name: 'Emeka', last_name: 'Obi' }), refusedRow],
    problem_rows: [refusedRow],
    ...overrides,
  });
const running = (processed: number) =>
  previewed({
    status: 'running',
    total_rows: 10_000,
    processed_rows: processed,
    started_at: '2026-11-25T10:05:00Z',
  });
const done = () =>
  previewed({
    status: 'done',
    total_rows: 3,
    processed_rows: 3,
    counts: { create: 2, update: 0, skip: 0, refuse: 1 },
  });

const open = (routes: Routes = {}, path = '/members/import') => {
  const api = mockFetch(routes);
  return { api, ...renderPage(<MemberImportPage />, { path }) };
};
const spreadsheet = () => screen.getByLabelText('Members spreadsheet');
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const findButton = (name: string) => screen.findByRole('button', { name });

const saved: { download: string }[] = [];

beforeEach(() => {
  signIn();
  saved.length = 0;
  URL.createObjectURL = () => 'blob:file';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ download: this.download });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('MemberImportPage: upload', () => {
  it('sends the file, then shows the columns with the guessed ones chosen', async () => {
    const { api, user, router } = open({
      'POST /v1/member-import': () => ok(draft(), {}, 201),
      'GET /v1/member-import/7': () => ok(draft()),
    });
    expect(
      screen.getByText(/Your first sheet is read; a title row above the headers is fine/),
    ).toBeInTheDocument();
    pickFile(spreadsheet(), 'members.xlsx', '', 2048);
    expect(screen.getByText('members.xlsx')).toBeInTheDocument();
    await user.click(button('Upload'));

    expect(await screen.findByText('Match the columns of members.xlsx')).toBeInTheDocument();
    const sent = api.sent('POST /v1/member-import')[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('members.xlsx');
    expect(router.state.location.search).toBe('?id=7');
    expect(field('Phone number')).toHaveValue('Tel');
    expect(field('Last name')).toHaveValue('Surname');
    expect(field('Gender')).toHaveValue("Don't import");
    expect(screen.getByText('Tel — 0803 123 4567, 0812 555 0101')).toBeInTheDocument();
  });

  it('refuses a .pdf and a file over 5 MB without sending them', async () => {
    const { api, user } = open();
    pickFile(spreadsheet(), 'members.pdf', 'application/pdf', 10);
    expect(await screen.findByText(IMPORT_MESSAGES.fileType)).toBeInTheDocument();
    pickFile(spreadsheet(), 'members.csv', 'text/csv', 5 * 1024 * 1024 + 1);
    expect(await screen.findByText(IMPORT_MESSAGES.tooLarge)).toBeInTheDocument();
    await user.click(button('Upload'));
    expect(await screen.findByText(IMPORT_MESSAGES.fileRequired)).toBeInTheDocument();
    expect(api.sent('POST /v1/member-import')).toHaveLength(0);
  });

  it("shows the server's message when the file cannot be read", async () => {
    const { user } = open({
      'POST /v1/member-import': () => fail(400, IMPORT_MESSAGES.empty),
    });
    pickFile(spreadsheet(), 'members.csv', 'text/csv', 10);
    await user.click(button('Upload'));
    expect(await screen.findByText(IMPORT_MESSAGES.empty)).toBeInTheDocument();
  });

  it('downloads a template to fill in', async () => {
    const { user } = open();
    await user.click(button('Download a template'));
    expect(saved).toEqual([{ download: 'kora-members-template.csv' }]);
  });

  itNamesTheTab('Import members · Kora', () => open());
});

describe('MemberImportPage: columns and preview', () => {
  it('says what is missing before asking the server', async () => {
    const { api, user } = open(
      { 'GET /v1/member-import/7': () => ok(draft()) },
      '/members/import?id=7',
    );
    await user.click(await screen.findByRole('textbox', { name: 'Phone number' }));
    await user.click(await screen.findByRole('option', { name: "Don't import" }));
    await user.click(button('Preview'));
    expect(await screen.findByText(IMPORT_MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(api.sent('PUT /v1/member-import/7')).toHaveLength(0);
  });

  it('previews with the columns and duplicate choice: counts, rows and problems', async () => {
    const { api, user } = open(
      {
        'GET /v1/member-import/7': () => ok(draft()),
        'PUT /v1/member-import/7': () => ok(previewed()),
      },
      '/members/import?id=7',
    );
    await user.click(
      await screen.findByRole('radio', { name: "Update them with the file's details" }),
    );
    await user.click(button('Preview'));

    expect(await screen.findByText('Rows to check')).toBeInTheDocument();
    expect(api.sent('PUT /v1/member-import/7')[0]!.body).toEqual({
      header_row: 2,
      mapping: { first_name: 0, last_name: 1, mobile_number: 2, email_address: 3 },
      duplicates: 'update',
      title_case: true,
      plan_without_expiry: 'none',
    });
    expectLabelled(['New members: 2', 'Updated: 0', 'Skipped: 0', 'Refused: 1']);
    const first = within(screen.getByRole('table', { name: 'First rows' }));
    expect(first.getByText('Ada Nwosu')).toBeInTheDocument();
    expect(first.getAllByText('0803 123 4567')).toHaveLength(2);
    expect(first.getAllByText('31 Dec 2026')).toHaveLength(2);
    const check = within(screen.getByRole('table', { name: 'Rows to check' }));
    expect(check.getByText('The phone number is missing.')).toBeInTheDocument();
    expect(check.getByText('Refused')).toBeInTheDocument();
    expect(button('Import 2 members')).toBeEnabled();
  });

  it("shows the server's refusal of the columns", async () => {
    const { user } = open(
      {
        'GET /v1/member-import/7': () => ok(draft()),
        'PUT /v1/member-import/7': () => fail(400, IMPORT_MESSAGES.columnMissing),
      },
      '/members/import?id=7',
    );
    await user.click(await findButton('Preview'));
    expect(await screen.findByText(IMPORT_MESSAGES.columnMissing)).toBeInTheDocument();
  });

  it('Back returns to the columns; nothing to import disables the import', async () => {
    const none = previewed({ counts: { create: 0, update: 0, skip: 1, refuse: 2 } });
    const { user } = open({ 'GET /v1/member-import/7': () => ok(none) }, '/members/import?id=7');
    expect(await findButton('Import 0 members')).toBeDisabled();
    await user.click(button('Back'));
    expect(await screen.findByText('Match the columns of members.xlsx')).toBeInTheDocument();
  });
});

describe('MemberImportPage: header row, Title Case, plans without an expiry date', () => {
  /** A desk's sheet read with its grouped row (row 2) as the header. */
  const grouped = draft({
    file_name: 'desk.xlsx',
    header_row: 2,
    header_rows: [
      { row: 1, text: 'IRON PARADISE GYM' },
      { row: 2, text: 'PERSONAL DETAILS | CONTACT | MEMBERSHIP' },
      { row: 3, text: 'Surname | First Name | Phone No. | Plan' },
      { row: 4, text: 'Okafor | Ngozi | 08031230001 | Gold' },
    ],
    columns: [
      { index: 0, header: 'PERSONAL DETAILS', samples: ['Surname', 'Okafor'] },
      { index: 1, header: 'Column B', samples: ['First Name', 'Ngozi'] },
      { index: 2, header: 'CONTACT', samples: ['Phone No.', '08031230001'] },
      { index: 3, header: 'MEMBERSHIP', samples: ['Plan', 'Gold'] },
    ],
    mapping: { mobile_number: 2, plan: 3 },
  });
  const real = draft({
    file_name: 'desk.xlsx',
    header_row: 3,
    header_rows: grouped.header_rows,
    columns: [
      { index: 0, header: 'Surname', samples: ['Okafor'] },
      { index: 1, header: 'First Name', samples: ['Ngozi'] },
      { index: 2, header: 'Phone No.', samples: ['08031230001'] },
      { index: 3, header: 'Plan', samples: ['Gold'] },
    ],
    mapping: { last_name: 0, first_name: 1, mobile_number: 2, plan: 3 },
  });

  it('the row of column names can be chosen: the columns are read and guessed again', async () => {
    let state = grouped;
    const { api, user } = open(
      {
        'GET /v1/member-import/7': () => ok(state),
        'PUT /v1/member-import/7': () => {
          state = real;
          return ok(state);
        },
      },
      '/members/import?id=7',
    );
    const headerRow = await screen.findByRole('textbox', { name: 'Column names are in row' });
    expect(headerRow).toHaveValue('2 — PERSONAL DETAILS | CONTACT | MEMBERSHIP');
    expect(field('Phone number')).toHaveValue('CONTACT');
    await user.click(headerRow);
    await user.click(
      await screen.findByRole('option', { name: '3 — Surname | First Name | Phone No. | Plan' }),
    );

    await waitFor(() => expect(field('Last name')).toHaveValue('Surname'));
    expect(api.sent('PUT /v1/member-import/7').map((r) => r.body)).toEqual([
      { header_row: 3, duplicates: 'skip', title_case: true, plan_without_expiry: 'none' },
    ]);
    expect(field('First name')).toHaveValue('First Name');
    expect(field('Phone number')).toHaveValue('Phone No.');
    expect(screen.getByRole('textbox', { name: 'Column names are in row' })).toHaveValue(
      '3 — Surname | First Name | Phone No. | Plan',
    );
    expect(screen.getByText('Match the columns of desk.xlsx')).toBeInTheDocument();
  });

  it('Title Case is on by default and can be turned off; a plan alone can start on the import day', async () => {
    const { api, user } = open(
      {
        'GET /v1/member-import/7': () => ok(real),
        'PUT /v1/member-import/7': () => ok({ ...real, previewed: true }),
      },
      '/members/import?id=7',
    );
    expect(await screen.findByText('Match the columns of desk.xlsx')).toBeInTheDocument();
    const titleCase = screen.getByRole('switch', { name: /^Title Case names typed in capitals/ });
    expect(titleCase).toBeChecked();
    expect(screen.getByText(/ADA OBI-NWANKWO becomes Ada Obi-Nwankwo/)).toBeInTheDocument();
    await user.click(titleCase);
    expect(titleCase).not.toBeChecked();

    const group = screen.getByRole('radiogroup', { name: 'Plan without an expiry date' });
    expect(
      within(group).getByRole('radio', { name: 'Leave without a subscription' }),
    ).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Start it on the import day' }));
    await user.click(button('Preview'));

    await waitFor(() => expect(api.sent('PUT /v1/member-import/7')).toHaveLength(1));
    expect(api.sent('PUT /v1/member-import/7')[0]!.body).toEqual({
      header_row: 3,
      mapping: { last_name: 0, first_name: 1, mobile_number: 2, plan: 3 },
      duplicates: 'skip',
      title_case: false,
      plan_without_expiry: 'import_day',
    });
  });

  it('asks about plans without an expiry date only when a plan column is chosen', async () => {
    open({ 'GET /v1/member-import/7': () => ok(draft()) }, '/members/import?id=7');
    expect(await screen.findByText('Match the columns of members.xlsx')).toBeInTheDocument();
    expect(
      screen.queryByRole('radiogroup', { name: 'Plan without an expiry date' }),
    ).not.toBeInTheDocument();
  });

  it('shows a row imported with a warning among the rows to check', async () => {
    const warned = row({
      row: 5,
      expiry_date: null,
      warnings: ['No expiry date for the plan “Monthly”: imported without a subscription'],
    });
    open(
      {
        'GET /v1/member-import/7': () =>
          ok(
            previewed({
              counts: { create: 3, update: 0, skip: 0, refuse: 0 },
              preview_rows: [row(), warned],
              problem_rows: [warned],
            }),
          ),
      },
      '/members/import?id=7',
    );
    const check = within(await screen.findByRole('table', { name: 'Rows to check' }));
    expect(
      check.getByText('No expiry date for the plan “Monthly”: imported without a subscription'),
    ).toBeInTheDocument();
    expect(check.getByText('New member')).toBeInTheDocument();
  });
});

describe('MemberImportPage: importing', () => {
  it('starts, shows the progress, then the result with the refused rows to download', async () => {
    let state = previewed();
    const { api, user, queryClient } = open(
      {
        'GET /v1/member-import/7': () => ok(state),
        'POST /v1/member-import/7/start': () => {
          state = running(1200);
          return ok(state);
        },
        'GET /v1/member-import/7/refused': () =>
          new Response('First Name,Row,Reason\r\n', {
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="members-refused.csv"',
            },
          }),
      },
      '/members/import?id=7',
    );
    queryClient.setQueryData(['members', 'list', { page: 1 }], []);
    await user.click(await findButton('Import 2 members'));

    expect(await screen.findByText('Importing… 1,200 of 10,000 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
    expect(api.sent('POST /v1/member-import/7/start')).toHaveLength(1);

    state = done();
    expect(await screen.findByText('Import finished', {}, { timeout: 6000 })).toBeInTheDocument();
    expectLabelled(['New members: 2', 'Refused: 1']);
    expect(queryClient.getQueryState(['members', 'list', { page: 1 }])?.isInvalidated).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to members' })).toHaveAttribute('href', '/members');

    await user.click(button('Download refused and skipped rows (CSV)'));
    await waitFor(() => expect(saved).toEqual([{ download: 'members-refused.csv' }]));
  });

  it('reloaded while the import runs, shows its progress', async () => {
    open({ 'GET /v1/member-import/7': () => ok(running(1200)) }, '/members/import?id=7');
    expect(await screen.findByText('Importing… 1,200 of 10,000 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
  });

  it('a finished import with nothing left out offers no download; another file clears the id', async () => {
    const clean = previewed({
      status: 'done',
      counts: { create: 3, update: 0, skip: 0, refuse: 0 },
    });
    const { user, router } = open(
      { 'GET /v1/member-import/7': () => ok(clean) },
      '/members/import?id=7',
    );
    await user.click(await findButton('Import another file'));
    expect(screen.queryByRole('button', { name: /Download refused/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(spreadsheet()).toBeInTheDocument();
  });

  it('an unknown import says so, with the way back to the upload', async () => {
    const { user, router } = open(
      { 'GET /v1/member-import/99': () => fail(404, IMPORT_MESSAGES.notFound) },
      '/members/import?id=99',
    );
    expect(await screen.findByText(IMPORT_MESSAGES.notFound)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Upload a file' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(spreadsheet()).toBeInTheDocument();
  });
});

describe('the Import button of the members page', () => {
  const members = {
    'GET /v1/member': () => ok([], { meta: { page: 1, per_page: 10, pages: 1, total: 0 } }),
    'GET /v1/member/summary': () =>
      ok({ total: 0, active: 0, new_this_month: 0, deactivated: 0, lapsed: 0 }),
  };

  it('shows for an owner and leads to the import', async () => {
    mockFetch(members);
    const { user, router } = renderPage(<MembersPage />, { path: '/members', route: '/members' });
    await user.click(screen.getByRole('link', { name: 'Import' }));
    expect(router.state.location.pathname).toBe('/members/import');
  });

  it('is not there for someone who may not add members', () => {
    signIn({ role: 'viewer' });
    mockFetch(members);
    renderPage(<MembersPage />, { path: '/members', route: '/members' });
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  });
});
