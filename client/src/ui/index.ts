export { Avatar, avatarColor, initialsOf, type AvatarProps } from './Avatar';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Dialog, type DialogProps } from './Dialog';
export { DialogHost } from './DialogHost';
export { focusIfPresent, focusIsLost, mainHeading, useDialogFocusReturn } from './focus';
export { openDialog, type DialogInput, type DialogOptions, type DialogResult } from './dialogStore';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { FieldGroup, type FieldGroupProps } from './FieldGroup';
export {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuGroup,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuSub,
  MenuSubContent,
  MenuSubTrigger,
  MenuTrigger,
} from './Menu';
export { LoadingBar, Spinner } from './Spinner';
export { Notice, type NoticeProps, type NoticeTone } from './Notice';
export { PasswordInput, type PasswordInputProps } from './PasswordInput';
export { Select, type SelectOption, type SelectProps } from './Select';
export { TextArea, type TextAreaProps } from './TextArea';
export { Switch, type SwitchProps } from './Switch';
export { TextInput, type TextInputProps } from './TextInput';
export { Toaster } from './Toaster';
export { dismissToast, showToast, type ToastAction, type ToastIconName, type ToastOptions } from './toastStore';
export { Tooltip, TooltipProvider, type TooltipProps } from './Tooltip';
export { Logo, LogoMark } from './Logo';
export { PublicLayout } from './PublicLayout';
export { Card, CardTitle, Page, type CardProps, type PageProps, type PageWidth } from './Page';
