import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './Ai.module.css';

/** The commands an administrator runs for a fully self-hosted model (Ollama). */
export const ollamaCommands = ['ollama pull llama3.2', 'AI_BASE_URL=http://localhost:11434/v1 AI_MODEL=llama3.2'] as const;

/** No provider is configured: how an administrator turns the assistant on; the rest of the product works without it. */
export function NotConfigured() {
  const { t } = useTranslation();
  return (
    <section className={styles.notConfigured} aria-labelledby="ai-not-configured">
      <span className={styles.heroIcon} aria-hidden>
        <Sparkles size={22} />
      </span>
      <h2 id="ai-not-configured" className={styles.heroTitle}>
        {t('ai.notConfigured.title')}
      </h2>
      <p className={styles.heroText}>{t('ai.notConfigured.description')}</p>
      <ol className={styles.steps}>
        <li>{t('ai.notConfigured.stepOllama')}</li>
        <li>{t('ai.notConfigured.stepVariables')}</li>
        <li>{t('ai.notConfigured.stepRestart')}</li>
      </ol>
      <pre className={styles.commands}>
        <code>{ollamaCommands.join('\n')}</code>
      </pre>
      <p className={styles.heroHint}>{t('ai.notConfigured.otherProviders')}</p>
    </section>
  );
}
