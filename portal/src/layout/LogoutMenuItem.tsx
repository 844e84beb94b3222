import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { useTranslate } from 'react-admin';
import { useLogoutWithToast } from './useLogoutWithToast.ts';

/**
 * 'Logout' at the foot of a menu: the menu closes first, then the spec's logout runs. In a popup
 * menu the arrows reach it; where every line is a Tab stop (the side sheet) it takes tabIndex 0.
 */
export function LogoutMenuItem({ onClose, tabIndex }: { onClose: () => void; tabIndex?: number }) {
  const translate = useTranslate();
  const logout = useLogoutWithToast();
  return (
    <MenuItem
      tabIndex={tabIndex}
      onClick={() => {
        onClose();
        void logout();
      }}
    >
      <ListItemIcon>
        <LogoutIcon />
      </ListItemIcon>
      <ListItemText>{translate('bh.menu.logout')}</ListItemText>
    </MenuItem>
  );
}
