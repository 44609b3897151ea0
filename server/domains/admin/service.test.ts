import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalReportInput } from '../../../shared/schemas';
import { ADMIN_EMAIL, openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { Conflict, NotFound } from '../errors';
import { createGeneralReport } from '../reports/service';
import { closeReport, listAuditLog, rejectGame } from './service';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest();
});
afterAll(() => t.close());

describe(`admin service, called without any transport (${engineName})`, () => {
  it('closes an open report once and audits it; deciding again is a Conflict, an unknown report NotFound', async () => {
    const admin = await t.signedIn(ADMIN_EMAIL);
    const report = await createGeneralReport(
      t.context(),
      generalReportInput.parse({ gameUrl: 'https://games.example.com/broken/', reportType: 'technical_issue', description: 'It does not load.' }),
    );
    expect(report.status).toBe('OPEN');

    expect(await closeReport(admin, report.id, 'RESOLVED')).toMatchObject({ id: report.id, status: 'RESOLVED' });
    const again = closeReport(admin, report.id, 'DISMISSED');
    await expect(again).rejects.toBeInstanceOf(Conflict);
    await expect(again).rejects.toThrow('Report is already resolved');
    await expect(closeReport(admin, 999_999, 'RESOLVED')).rejects.toBeInstanceOf(NotFound);

    const [entry] = await listAuditLog(admin, 1);
    expect(entry).toMatchObject({ action: 'REPORT_RESOLVED', targetType: 'report', targetId: report.id, actor: { email: ADMIN_EMAIL } });
  });

  it('rejecting an unknown game is NotFound', async () => {
    const admin = await t.signedIn(ADMIN_EMAIL);
    await expect(rejectGame(admin, 999_999)).rejects.toThrow(new NotFound('Game not found'));
  });
});
