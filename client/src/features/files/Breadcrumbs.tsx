import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import clsx from 'clsx';
import type { FolderCrumb } from './operations';
import styles from './Files.module.css';
import { useFolderDrop } from './folderDrop';
import { folderPath } from './useFilesArea';

function Crumb({ project, crumb, current }: { project: string; crumb: FolderCrumb | null; current: boolean }) {
  const { t } = useTranslation();
  // Each crumb takes drops too: dragging an entry onto a folder above moves it up there.
  const drop = useFolderDrop(project, crumb);
  const name = crumb?.name ?? t('files.root');
  return (
    <li className={clsx(styles.crumb, drop.over && styles.dropOver)} {...drop.handlers}>
      {current ? <span aria-current="page">{name}</span> : <Link to={folderPath(project, crumb?.id ?? null)}>{name}</Link>}
    </li>
  );
}

/** Where the open folder is: the space's top level, then each folder down to the open one. */
export function Breadcrumbs({ project, path }: { project: string; path: readonly FolderCrumb[] }) {
  const { t } = useTranslation();
  const crumbs: (FolderCrumb | null)[] = [null, ...path];
  return (
    <nav aria-label={t('files.breadcrumbs')}>
      <ol className={styles.crumbs}>
        {crumbs
          .map((crumb, index) => <Crumb key={crumb?.id ?? 'root'} project={project} crumb={crumb} current={index === crumbs.length - 1} />)
          .flatMap((element, index) =>
            index === 0
              ? [element]
              : [<ChevronRight key={`sep-${index}`} size={14} className={styles.crumbSeparator} aria-hidden />, element],
          )}
      </ol>
    </nav>
  );
}
