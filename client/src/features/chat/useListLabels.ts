import { useTranslation } from 'react-i18next';
import { callSummary, type CallEntryBody } from './callEntry';
import type { ListLabels } from './chatLists';

/** The words the chat lists (and Home's unread channels) use for a message that has none of its own. */
export function useListLabels(): ListLabels {
  const { t, i18n } = useTranslation();
  return {
    you: t('chat.message.you'),
    unnamedGroup: t('chat.list.unnamed'),
    call: (entry: CallEntryBody | null) => callSummary(entry, t, i18n.language),
    standup: t('standupChannel.entry.preview'),
  };
}
