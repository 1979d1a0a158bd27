package io.snowflakeid.worker;

import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.testing.LeaseStoreContract;
import io.snowflakeid.testing.TestDatabase;

/** The lease table's store (H2, a database of its own per test) holds to every store's contract. */
class JdbcLeaseStoreContractTests extends LeaseStoreContract {

	@Override
	protected LeaseStore openStore() {
		return new JdbcLeaseStore(new TestDatabase("lease-store-contract").connections(),
				new LeaseTable(LeaseTable.DEFAULT_NAME), true);
	}
}
