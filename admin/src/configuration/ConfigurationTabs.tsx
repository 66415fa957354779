import { Link } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';

const TABS = [
  { resource: 'order-fields', label: 'resources.order-fields.tabs.fields' },
  { resource: 'custom-queues', label: 'resources.order-fields.tabs.queues' },
  { resource: 'retention-settings', label: 'resources.order-fields.tabs.retention' },
] as const;

/** The Configuration area's screens, one tab each, above each of them. */
export function ConfigurationTabs({ current }: { current: (typeof TABS)[number]['resource'] }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Tabs value={current} aria-label={translate('app.menu.configuration')} sx={{ mb: 1 }}>
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
