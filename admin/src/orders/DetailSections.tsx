import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DETAIL_SECTIONS, type DetailSection } from './detailFields';
import { Section } from './Section';
import type { OrderDetails } from './types';

const isEmpty = (value: unknown) => value == null || String(value).trim() === '';

/** One detail section as label/value pairs; fields with no value are hidden, and so is a section with none. */
function DetailBlock({ section, order }: { section: DetailSection; order: OrderDetails }) {
  const translate = useTranslate();
  const shown = section.fields
    .map((field) => ({ field, value: field.value(order) }))
    .filter(({ value }) => !isEmpty(value));
  if (!shown.length) return null;
  return (
    <Section title={translate(`app.order.sections.${section.key}`)} testId={`section-${section.key}`}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
      >
        {shown.map(({ field, value }) => (
          <Box key={field.key} data-testid={`field-${field.key}`}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(`app.order.fields.${field.key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {field.translated ? translate(String(value)) : value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

/** Order Details to Health Declaration (SPEC section 2). */
export function DetailSections({ order }: { order: OrderDetails }) {
  return DETAIL_SECTIONS.map((section) => <DetailBlock key={section.key} section={section} order={order} />);
}
