import { useEffect, useState } from 'react';
import { Box, Button } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';

import SearchDialog from './SearchDialog';

/** The header's search: a button, and Ctrl+K (Cmd+K on a Mac) from anywhere, opening search everywhere. */
export default function SearchTrigger() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
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
