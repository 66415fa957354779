import { Box, Chip } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import InboxIcon from '@mui/icons-material/Inbox';
import {
  Logout,
  Menu as RaMenu,
  useBasename,
  useCreatePath,
  usePermissions,
  useResourceDefinitions,
  useTranslate,
} from 'react-admin';
import { useFolderCounts } from '../queries/useFolderCounts';
import { useCustomQueues } from '../queries/customQueues';
import { useDisputesDue } from '../queries/useDisputesDue';
import { DISPUTES_DUE, menuLinksFor } from './menuLinks';

/**
 * The sidebar: links in the old system's order with their counts, filtered by role (docs/product.md#roles-and-permissions), and
 * the custom queues the role may open with theirs.
 */
export function Menu() {
  const { permissions: role } = usePermissions<string>();
  const { data: folderCounts } = useFolderCounts();
  const { data: disputesDue } = useDisputesDue(role);
  const counts: Record<string, number | undefined> = { ...folderCounts, [DISPUTES_DUE]: disputesDue };
  const customQueues = useCustomQueues();
  const translate = useTranslate();
  const basename = useBasename();
  const createPath = useCreatePath();
  const resources = useResourceDefinitions();
  const iconOf = (route: string) => {
    const Icon = route ? (resources[route]?.icon ?? InboxIcon) : DashboardIcon;
    return <Icon />;
  };
  return (
    <RaMenu data-testid="sidebar">
      {menuLinksFor(role, customQueues).map((link) => (
        <RaMenu.Item
          key={link.route}
          // Each link is a resource's list (resources are named by the old system's routes); '' is the dashboard.
          to={link.route ? createPath({ resource: link.route, type: 'list' }) : `${basename}/`}
          data-testid={`menu-${link.route || 'dashboard'}`}
          leftIcon={iconOf(link.route)}
          primaryText={
            // Spans only: react-admin puts the text in a <p>, which may not hold a <div>.
            <Box component="span" sx={{ display: 'flex', alignItems: 'center', width: '100%', gap: 1 }}>
              <Box component="span" sx={{ flexGrow: 1 }}>
                {translate(link.label, { _: link.fallback })}
              </Box>
              {link.countField && (
                <Chip
                  component="span"
                  size="small"
                  label={counts[link.countField] ?? '…'}
                  data-testid={`count-${link.countField}`}
                  sx={{ height: 20, fontSize: 12 }}
                />
              )}
            </Box>
          }
        />
      ))}
      {/* MUI menu items leave the tab order (tabIndex -1); the sidebar's links are in it, and so is Logout. */}
      <Logout tabIndex={0} />
    </RaMenu>
  );
}
