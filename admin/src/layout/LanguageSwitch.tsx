import { useState } from 'react';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';

/** A compact language picker for the header (an icon, so that the header fits a phone). */
export function LanguageSwitch() {
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (locales.length < 2) return null;
  return (
    <>
      <Tooltip title={translate('app.header.language')}>
        <IconButton
          color="inherit"
          aria-label={translate('app.header.language')}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {locales.map((option) => (
          <MenuItem
            key={option.locale}
            selected={option.locale === locale}
            onClick={() => {
              setLocale(option.locale);
              setAnchor(null);
            }}
          >
            {option.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
