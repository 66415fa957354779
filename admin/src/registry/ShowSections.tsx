import type { ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Box, Card, CardContent, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { FunctionField, Labeled, useRecordContext, useTranslate } from 'react-admin';
import type { FieldDefinition } from '@app/domain';
import { useSectionOpen } from '../preferences/useSectionOpen';
import type { ResourceFields } from './useRegistry';
import { formatValue, isEmptyValue } from './formatValue';
import { fieldLabel } from './columns';

/** How a field reads instead of its type's default; return '' or null to hide it like an empty one. */
export type ValueRenderers = Record<string, (record: Record<string, unknown>) => string | null | undefined>;

/**
 * One titled block of a Show page (the order page's sections and histories); `collapsed` makes it a
 * panel that starts closed (true) or open (false), and `open` / `onOpenChange` let a layout hold it.
 * `actions` sit at the right of the title (a history's Columns button).
 */
export function Section({
  title,
  children,
  testId,
  actions,
  collapsed,
  open,
  onOpenChange,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  actions?: ReactNode;
  collapsed?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  if (collapsed !== undefined)
    return (
      <Accordion
        defaultExpanded={!collapsed}
        expanded={open}
        onChange={onOpenChange && ((_, expanded) => onOpenChange(expanded))}
        sx={{ mb: 2 }}
        data-testid={testId}
      >
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>{children}</AccordionDetails>
      </Accordion>
    );
  return (
    <Card component="section" sx={{ mb: 2 }} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {/* The title row keeps its height: a button there takes no more room than the title. */}
          {actions && <Box sx={{ my: -1.5 }}>{actions}</Box>}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** The fields of a section, as label and value; empty ones are hidden, and so is a section with none. */
function SectionFields({
  definition,
  sectionKey,
  collapsed,
  fields,
  renderers,
}: {
  definition: ResourceFields;
  sectionKey: string;
  collapsed?: boolean;
  fields: FieldDefinition[];
  renderers: ValueRenderers;
}) {
  const record = useRecordContext<Record<string, unknown>>();
  const translate = useTranslate();
  // Open or closed as the member (or their role's published layout) left it; the registry's default otherwise.
  const [open, setOpen] = useSectionOpen(definition.name, sectionKey, !collapsed);
  if (!record) return null;
  const text = (field: FieldDefinition) =>
    field.source in renderers
      ? (renderers[field.source]!(record) ?? '')
      : formatValue(field, record, 'show', translate);
  const shown = fields.filter((field) => !isEmptyValue(text(field)));
  if (!shown.length) return null;
  return (
    <Section
      title={translate(`resources.${definition.name}.sections.${sectionKey}`, { _: sectionKey })}
      testId={`section-${sectionKey}`}
      collapsed={!!collapsed}
      open={open}
      onOpenChange={setOpen}
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(220px, 100%), 1fr))' }}>
        {shown.map((field) => (
          <Labeled
            key={field.source}
            source={field.source}
            label={fieldLabel(definition, field)}
            data-testid={`field-${field.source}`}
            sx={{ overflowWrap: 'anywhere' }}
          >
            <FunctionField source={field.source} render={() => text(field)} />
          </Labeled>
        ))}
      </Box>
    </Section>
  );
}

/** A section's fields by their `position` (an Admin's order), those without one after, as listed. */
export const byPosition = (fields: readonly FieldDefinition[]): FieldDefinition[] =>
  fields
    .map((field, index) => ({ field, rank: field.position ?? Number.MAX_SAFE_INTEGER, index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ field }) => field);

/**
 * The sections of a Show page from the registry: each section of the resource in order with the
 * fields placed on 'show' in it, by position. Reads the record from react-admin's record context.
 */
export function ShowSections({
  definition,
  renderers = {},
}: {
  definition: ResourceFields;
  renderers?: ValueRenderers;
}) {
  return (definition.sections ?? []).map((section) => (
    <SectionFields
      key={section.key}
      definition={definition}
      sectionKey={section.key}
      collapsed={section.collapsed}
      fields={byPosition(
        definition.fields.filter((field) => field.section === section.key && field.places.includes('show')),
      )}
      renderers={renderers}
    />
  ));
}
