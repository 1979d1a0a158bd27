package io.snowflakeid.internal;

import java.net.InetAddress;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.config.WorkerAssignment;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class HostWorkerIdsTests {

	@Test
	void statefulSetPodOrdinalIsTheWorkerId() {
		assertThat(HostWorkerIds.fromHostnameOrdinal("orders-7", SnowflakeLayout.DEFAULT)).isEqualTo(7);
		assertThat(HostWorkerIds.fromHostnameOrdinal("orders-api-0", SnowflakeLayout.DEFAULT)).isEqualTo(0);
		assertThat(HostWorkerIds.fromHostnameOrdinal("orders-31.orders.shop.svc.cluster.local",
				SnowflakeLayout.DEFAULT)).isEqualTo(31);
	}

	@Test
	void ordinalOutsideTheWorkerFieldIsAClearError() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> HostWorkerIds.fromHostnameOrdinal("orders-32", SnowflakeLayout.DEFAULT))
			.withMessageContaining("32 (host orders-32)")
			.withMessageContaining("0..31 (5 worker bits)")
			.withMessageContaining("at most 32 replicas");
	}

	@Test
	void hostNameWithoutOrdinalIsAClearError() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> HostWorkerIds.fromHostnameOrdinal("orders-7f9c8d-xk2lp", SnowflakeLayout.DEFAULT))
			.withMessageContaining("no ordinal")
			.withMessageContaining("StatefulSet");
	}

	@Test
	void ipAddressGivesItsLowBits() throws Exception {
		InetAddress address = InetAddress.getByName("10.1.2.75");
		assertThat(HostWorkerIds.fromIpv4(address, 5)).isEqualTo(75 & 31);
		assertThat(HostWorkerIds.fromIpv4(address, 10)).isEqualTo(((2 << 8) | 75) & 1023);
		assertThat(HostWorkerIds.fromIpv4(address, 0)).isEqualTo(0);
	}

	@Test
	void assignmentNamesParseAndUnknownOnesAreRejected() {
		assertThat(WorkerAssignment.parse("database-lease")).isEqualTo(WorkerAssignment.DATABASE_LEASE);
		assertThat(WorkerAssignment.parse(" HOSTNAME_ORDINAL ")).isEqualTo(WorkerAssignment.HOSTNAME_ORDINAL);
		assertThat(WorkerAssignment.parse(null)).isEqualTo(WorkerAssignment.AUTO);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> WorkerAssignment.parse("mac-address"))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.worker-assignment"))
			.satisfies((ex) -> assertThat(ex.getAllowed()).contains("database-lease"));
	}

	@Test
	void theLowBitsOfAnIpv4AddressAreTakenWhole() throws Exception {
		InetAddress address = InetAddress.getByName("192.168.200.129");
		assertThat(HostWorkerIds.fromIpv4(address, 32)).isEqualTo(0xC0A8C881L);
		assertThat(HostWorkerIds.fromIpv4(address, 24)).isEqualTo(0xA8C881L);
		assertThat(HostWorkerIds.fromIpv4(address, 16)).isEqualTo(0xC881L);
		assertThat(HostWorkerIds.fromIpv4(address, 12)).isEqualTo(0x0881L);
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> HostWorkerIds.fromIpv4(InetAddress.getByName("::1"), 10));
	}

	@Test
	void theLargestOrdinalTheWorkerFieldHoldsIsAccepted() {
		assertThat(HostWorkerIds.fromHostnameOrdinal("orders-31.orders.svc", SnowflakeLayout.DEFAULT)).isEqualTo(31);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> HostWorkerIds.fromHostnameOrdinal("orders-32", SnowflakeLayout.DEFAULT));
	}

	@Test
	void ordinalsTooLongForALongAreNamedAsWritten() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> HostWorkerIds.fromHostnameOrdinal("orders-123456789012345678", SnowflakeLayout.DEFAULT))
			.withMessageContaining("123456789012345678 (host orders-123456789012345678)");
	}
}
