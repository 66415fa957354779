import { useEffect, useState } from 'react';
import { Box, Drawer, IconButton, useMediaQuery, type Theme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Sidebar as RaSidebar, useSidebarState, useTranslate, type SidebarProps } from 'react-admin';

/**
 * Under the theme's md breakpoint (991 px) the sidebar is a slide-in panel with a close
 * button, opened by the header toggle; wider, react-admin's docked sidebar.
 */
export function Sidebar({ children, ...rest }: SidebarProps) {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const translate = useTranslate();

  // Which width the stored open/closed state has been set for: the panel starts closed on narrow screens
  // and the docked sidebar open on wide ones.
  const [settledFor, setSettledFor] = useState<boolean | null>(null);
  useEffect(() => {
    setOpen(!narrow);
    setSettledFor(narrow);
  }, [narrow, setOpen]);
  // Until then the store still holds the wide value (react-admin opens it by default from 600 px, and after
  // a wide screen): a panel mounted open and closed before its slide-in began never finished closing, and
  // its invisible modal layer covered the page.
  const panelOpen = open && settledFor === narrow;

  if (!narrow) return <RaSidebar {...rest}>{children}</RaSidebar>;
  return (
    <Drawer
      variant="temporary"
      open={panelOpen}
      onClose={() => setOpen(false)}
      slotProps={{
        paper: {
          'aria-label': translate('app.menu.title'),
          sx: { width: 280, '& .MuiMenuItem-root': { minHeight: 40 } },
        },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 0.5 }}>
        <IconButton aria-label={translate('app.menu.close')} onClick={() => setOpen(false)}>
          <CloseIcon />
        </IconButton>
      </Box>
      {children}
    </Drawer>
  );
}
