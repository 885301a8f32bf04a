import type { Ref } from 'react';
import { iconButton } from '@token-portfolio/shared';
import { EditIcon, MoreIcon, TrashIcon } from '../Icons/Icons';
import { Menu } from '../Menu/Menu';

interface RowMenuProps {
  /** The token's display name: the button is 'Actions for <name>'. */
  tokenName: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  /** Every row offers it, a loading one too (docs/product.md#the-screen). */
  onEdit: () => void;
  onRemove: () => void;
  /** The menu button, so the row can return focus to it. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** A row's actions: Edit Holdings and Remove (docs/product.md#row-menu). */
export function RowMenu({
  tokenName,
  open,
  onToggle,
  onClose,
  onEdit,
  onRemove,
  buttonRef,
}: RowMenuProps) {
  return (
    <Menu
      label={`Actions for ${tokenName}`}
      content={<MoreIcon />}
      buttonCss={iconButton}
      items={[
        { label: 'Edit Holdings', icon: <EditIcon />, onSelect: onEdit },
        { label: 'Remove', icon: <TrashIcon />, onSelect: onRemove, danger: true },
      ]}
      open={open}
      onToggle={onToggle}
      onClose={onClose}
      buttonRef={buttonRef}
    />
  );
}
