import { useRef, useState } from 'react';
import { MessageCircle, MoreHorizontal, Pencil, Search, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui';
import { markdownToText } from '../chat/markdown';
import type { AiConversation } from './operations';
import styles from './Ai.module.css';

export interface ConversationListProps {
  conversations: readonly AiConversation[];
  activeId: string | null;
  pathOf: (id: string) => string;
  onRename: (conversation: AiConversation, name: string) => Promise<boolean>;
  onDelete: (conversation: AiConversation) => void;
}

/** The name typed over a conversation's title: Enter saves, Escape or leaving the field keeps the old name. */
function RenameField({ conversation, onDone }: { conversation: AiConversation; onDone: (name: string | null) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(conversation.name);
  return (
    <input
      className={styles.renameInput}
      aria-label={t('ai.list.renameLabel')}
      value={name}
      maxLength={200}
      // Opened on purpose from the item's menu: the field takes focus as the title becomes editable.
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setName(event.target.value)}
      onBlur={() => onDone(null)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDone(null);
        }
        if (event.key === 'Enter') {
          event.preventDefault();
          onDone(name.trim() === '' || name.trim() === conversation.name ? null : name.trim());
        }
      }}
    />
  );
}

/** The caller's conversations, latest first: each opens at /:scope/ai/:id, with rename (in place) and delete. */
export function ConversationList({ conversations, activeId, pathOf, onRename, onDelete }: ConversationListProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);
  // Rename was chosen in the menu: the menu must not take focus back to its trigger from the name field.
  const keepFocus = useRef(false);
  return (
    <ul className={styles.list} aria-label={t('ai.list.label')}>
      {conversations.map((conversation) => {
        const title = conversation.name || t('ai.list.untitled');
        const Icon = conversation.type === 'search' ? Search : MessageCircle;
        const preview = conversation.lastMessage ? markdownToText(conversation.lastMessage.body) : '';
        const active = conversation.id === activeId;
        return (
          <li key={conversation.id} className={active ? styles.itemActive : styles.item}>
            {renaming === conversation.id ? (
              <div className={styles.itemLink}>
                <Icon size={15} aria-hidden className={styles.itemIcon} />
                <RenameField
                  conversation={conversation}
                  onDone={(name) => {
                    if (name === null) {
                      setRenaming(null);
                      return;
                    }
                    void onRename(conversation, name).then((saved) => {
                      if (saved) setRenaming(null);
                    });
                  }}
                />
              </div>
            ) : (
              <Link to={pathOf(conversation.id)} className={styles.itemLink} aria-current={active ? 'page' : undefined}>
                <Icon size={15} aria-hidden className={styles.itemIcon} />
                <span className={styles.itemText}>
                  <span className={styles.itemTitle}>{title}</span>
                  {preview && <span className={styles.itemPreview}>{preview}</span>}
                </span>
              </Link>
            )}
            <Menu>
              <MenuTrigger asChild>
                <Button
                  size="sm"
                  variant="ghost"
                  iconOnly
                  className={styles.itemMenu}
                  icon={<MoreHorizontal aria-hidden />}
                  aria-label={t('ai.list.actions', { name: title })}
                />
              </MenuTrigger>
              <MenuContent
                align="end"
                onCloseAutoFocus={(event) => {
                  if (!keepFocus.current) return;
                  keepFocus.current = false;
                  event.preventDefault();
                }}
              >
                <MenuItem
                  icon={<Pencil size={14} />}
                  onSelect={() => {
                    keepFocus.current = true;
                    setRenaming(conversation.id);
                  }}
                >
                  {t('ai.list.rename')}
                </MenuItem>
                <MenuItem icon={<Trash2 size={14} />} tone="danger" onSelect={() => onDelete(conversation)}>
                  {t('ai.list.delete')}
                </MenuItem>
              </MenuContent>
            </Menu>
          </li>
        );
      })}
    </ul>
  );
}
