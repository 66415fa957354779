import { useState, type FormEvent } from 'react';
import { Box, Button, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { REMARK_FLAGS, type RemarkFlag } from '../providers/methods/remarks';
import { Section } from './Section';
import { useOrderMutation } from './useOrderMutation';

const NO_FLAGS: Record<RemarkFlag, boolean> = Object.fromEntries(REMARK_FLAGS.map((flag) => [flag, false])) as Record<
  RemarkFlag,
  boolean
>;

/** Add Comment Below (SPEC sections 2 and 5): the remark is required, the six flags optional. */
export function AddComment({ orderId, onChanged }: { orderId: number; onChanged: () => void }) {
  const translate = useTranslate();
  const [remark, setRemark] = useState('');
  const [flags, setFlags] = useState(NO_FLAGS);
  const [error, setError] = useState('');
  const mutation = useOrderMutation((dataProvider) => dataProvider.addRemark({ orderId, remark, flags }), {
    onDone: () => {
      setRemark('');
      setFlags(NO_FLAGS);
      onChanged();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = remark.trim() ? '' : translate('app.validation.remarkRequired');
    setError(next);
    if (!next) mutation.mutate(undefined);
  };
  return (
    <Section title={translate('app.order.sections.addComment')} testId="section-addComment">
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          label={translate('app.order.comments.remark')}
          multiline
          minRows={3}
          fullWidth
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          error={!!error}
          helperText={error || ' '}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
          {REMARK_FLAGS.map((flag) => (
            <FormControlLabel
              key={flag}
              label={translate(`app.order.flags.${flag}`)}
              control={
                <Checkbox
                  checked={flags[flag]}
                  onChange={(event) => setFlags({ ...flags, [flag]: event.target.checked })}
                />
              }
            />
          ))}
        </Box>
        <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ mt: 1 }}>
          {translate('app.order.comments.add')}
        </Button>
      </Box>
    </Section>
  );
}
