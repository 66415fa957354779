import { useQuery } from '@tanstack/react-query';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { formatTimeFor } from '../registry';
import { mailTemplateCalls } from './api';
import type { MailTemplateRow } from './rows';

const T = 'resources.mail-templates';

/** Every saved version of the template, newest first; Restore saves an older one again as the newest. */
export function VersionHistory() {
  const template = useRecordContext<MailTemplateRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const versions = useQuery({
    queryKey: ['mail-templates', template?.id, 'versions', template?.version],
    queryFn: () => mailTemplateCalls.versions(template!.id),
    enabled: !!template,
  });
  if (!template || !versions.data) return null;
  const restore = async (version: number) => {
    try {
      await mailTemplateCalls.restore(template.id, version);
      notify(`${T}.notify.restored`, { type: 'success', messageArgs: { version } });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Box
      component="section"
      aria-label={translate(`${T}.versions.title`)}
      sx={{ mt: 2, maxWidth: 900, overflowX: 'auto' }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(`${T}.versions.title`)}
      </Typography>
      {/* Scrolls sideways on a phone; focusable, so that a keyboard scrolls it too. */}
      <Box tabIndex={0} sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${T}.fields.version`)}</TableCell>
              <TableCell>{translate(`${T}.versions.savedAt`)}</TableCell>
              <TableCell>{translate(`${T}.versions.savedBy`)}</TableCell>
              <TableCell>{translate(`${T}.fields.subject`)}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.data.map((version) => (
              <TableRow key={version.version} data-testid={`version-${version.version}`}>
                <TableCell>{version.version}</TableCell>
                <TableCell>{formatTimeFor(version.created_at)}</TableCell>
                <TableCell>{version.created_by ?? ''}</TableCell>
                <TableCell>{version.subject}</TableCell>
                <TableCell align="right">
                  {version.version === template.version ? (
                    translate(`${T}.versions.current`)
                  ) : (
                    <Button startIcon={<RestoreIcon />} onClick={() => void restore(version.version)}>
                      {translate(`${T}.versions.restore`)}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
