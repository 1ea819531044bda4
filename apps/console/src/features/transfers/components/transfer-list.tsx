// One tab of the transfers: member and provider filters and the paged list.
import { Field } from '@/components/form';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useToast } from '@/components/toast';
import { useI18n } from '@/i18n/i18n';
import { errorCodeOf } from '@/lib/api';
import { PAGE_SIZE, useAskAgain, useTransfers, type TabId } from '../api';
import { useTransferColumns } from './transfer-columns';

interface ListProps {
  tab: TabId;
  page: number;
  onPage: (page: number) => void;
  member: string;
  onMember: (value: string) => void;
  provider: string;
  onProvider: (value: string) => void;
}

export function TransferList(props: ListProps) {
  const { t, errorText } = useI18n();
  const toast = useToast();
  const query = {
    state: props.tab,
    ...(props.member ? { member: props.member } : {}),
    ...(props.provider ? { provider: props.provider } : {}),
    page: props.page,
    pageSize: PAGE_SIZE,
  };
  const list = useTransfers(query);
  const ask = useAskAgain({
    onSuccess: () => toast.show(t('transfers.asked'), 'success'),
    onError: (error) => toast.show(errorText(errorCodeOf(error)), 'error'),
  });

  const columns = useTransferColumns(props.tab, ask);

  const data = list.data;
  return (
    <div className="transfer-list">
      <div className="transfer-filters">
        <SearchBox
          label={t('transfers.filters.member')}
          hint={t('transfers.filters.memberHint')}
          value={props.member}
          onSearch={props.onMember}
        />
        <Field label={t('transfers.filters.provider')}>
          {(control) => (
            <input
              {...control}
              value={props.provider}
              maxLength={32}
              autoComplete="off"
              onChange={(event) => props.onProvider(event.target.value.trim().toUpperCase())}
            />
          )}
        </Field>
        <button type="button" className="btn transfer-refresh" onClick={() => void list.refetch()}>
          {t('transfers.filters.refresh')}
        </button>
      </div>
      <PagedTable
        caption={t('transfers.caption', { tab: t(`transfers.tabs.${props.tab}`) })}
        columns={columns}
        data={data}
        rowKey={(row) => row.ref}
        loading={list.isFetching}
        error={
          list.isError
            ? `${t('transfers.loadFailed')}: ${errorText(errorCodeOf(list.error))}`
            : null
        }
        page={data?.page ?? 1}
        pageSize={PAGE_SIZE}
        onPage={props.onPage}
      />
    </div>
  );
}
