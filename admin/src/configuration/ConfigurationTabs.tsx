import { Link } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';

const TABS = [
  { resource: 'order-fields', label: 'resources.order-fields.tabs.fields' },
  { resource: 'custom-queues', label: 'resources.order-fields.tabs.queues' },
  { resource: 'mail-templates', label: 'resources.order-fields.tabs.templates' },
  { resource: 'automation-rules', label: 'resources.order-fields.tabs.rules' },
  { resource: 'automation-runs', label: 'resources.order-fields.tabs.runs' },
  { resource: 'macros', label: 'resources.order-fields.tabs.macros' },
  { resource: 'sla-policies', label: 'resources.sla-policies.tab' },
  { resource: 'retention-settings', label: 'resources.order-fields.tabs.retention' },
  { resource: 'configuration-transfer', label: 'resources.order-fields.tabs.transfer' },
] as const;

/** The Configuration area's screens, one tab each, above each of them. */
export function ConfigurationTabs({ current }: { current: (typeof TABS)[number]['resource'] }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Tabs
      value={current}
      aria-label={translate('app.menu.configuration')}
      variant="scrollable"
      scrollButtons="auto"
      sx={{ mb: 1 }}
    >
      {TABS.map((tab) => (
        <Tab
          key={tab.resource}
          value={tab.resource}
          label={translate(tab.label)}
          component={Link}
          to={createPath({ resource: tab.resource, type: 'list' })}
          data-testid={`tab-${tab.resource}`}
        />
      ))}
    </Tabs>
  );
}
