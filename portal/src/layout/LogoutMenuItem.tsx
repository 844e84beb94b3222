import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { useTranslate } from 'react-admin';
import { useLogoutWithToast } from './useLogoutWithToast.ts';

/** 'Logout' at the foot of a menu: the menu closes first, then the spec's logout runs. */
export function LogoutMenuItem({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const logout = useLogoutWithToast();
  return (
    <MenuItem
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
