import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../admin/src/i18n';
import RetentionSettings from '../../admin/src/configuration/RetentionSettings';

const record = {
  id: 'current',
  days: 180,
  updatedAt: null,
  keptFields: ['order_id', 'process_status', 'amount'],
  anonymisedFields: ['first_name', 'passport_number'],
};

/**
 * The Data retention tab: the record of /api/retention-settings/current in a form whose days are checked as
 * the API checks them (30 to 3650) and whose save sends the days alone.
 */
describe('Data retention settings', () => {
  it('shows what is kept and removed, refuses days out of range, and saves the days alone', async () => {
    const update = vi.fn(async (_resource: string, params: { data: object }) => ({
      data: { ...record, ...params.data },
    }));
    const dataProvider = testDataProvider({
      getOne: (async () => ({ data: record })) as never,
      update: update as never,
    });
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <RetentionSettings />
      </AdminContext>,
    );
    const days = (await screen.findByLabelText(/Days kept after the departure date/)) as HTMLInputElement;
    await waitFor(() => expect(days.value).toBe('180'));
    expect(screen.getByText('order_id, process_status, amount')).toBeTruthy();
    expect(screen.getByText('first_name, passport_number')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Data retention' }).getAttribute('aria-selected')).toBe('true');
    // One record, never deleted: Save is its only button.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Must be at least 30/);
    expect(update).not.toHaveBeenCalled();

    fireEvent.change(days, { target: { value: '365' } });
    await waitFor(() => expect(screen.queryByText(/Must be at least 30/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![0]).toBe('retention-settings');
    expect(update.mock.calls[0]![1]).toMatchObject({ id: 'current', data: { days: 365 } });
    expect(Object.keys(update.mock.calls[0]![1].data)).toEqual(['days']);
  });
});
