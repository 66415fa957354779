import { useState, type ReactElement } from 'react';
import { Button } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import type { ActionAnswer } from '../providers/methods/orders';
import { useOrderMutation } from './useOrderMutation';

/** A button of the order page's action bar; with `confirm` (an i18n key) it asks first. */
export function ActionButton({
  label,
  icon,
  color = 'primary',
  confirm,
  run,
  success,
  onDone,
  testId,
}: {
  label: string;
  icon?: ReactElement;
  color?: 'primary' | 'error';
  confirm?: string;
  run: (dataProvider: AppDataProvider) => Promise<ActionAnswer>;
  success?: string;
  onDone: () => void;
  testId: string;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const mutation = useOrderMutation((dataProvider) => run(dataProvider), { onDone, success });
  const go = () => mutation.mutate(undefined, { onSettled: () => setOpen(false) });
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        color={color}
        startIcon={icon}
        disabled={mutation.isPending}
        onClick={() => (confirm ? setOpen(true) : go())}
        data-testid={testId}
      >
        {translate(label)}
      </Button>
      {confirm && (
        <Confirm
          isOpen={open}
          loading={mutation.isPending}
          title="app.confirm.title"
          content={confirm}
          confirmColor={color === 'error' ? 'warning' : 'primary'}
          onConfirm={go}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
