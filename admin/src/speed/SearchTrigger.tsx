import { useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { Box, Button } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import SearchDialog from './SearchDialog';

/** The header's search: a button, and Ctrl+K (Cmd+K on a Mac) from anywhere, opening search everywhere. */
export default function SearchTrigger() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // Ctrl+K (Cmd+K on a Mac) works in a field too: it types nothing there.
  useHotkeys('mod+k', () => setOpen(true), { preventDefault: true, enableOnFormTags: true });
  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<SearchIcon />}
        onClick={() => setOpen(true)}
        aria-label={translate('app.speed.search')}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="search-open"
        sx={{ mx: 1, textTransform: 'none', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {translate('app.speed.search')} (Ctrl K)
        </Box>
      </Button>
      {open && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}
