package io.snowflakeid.internal;

import java.net.InetAddress;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.worker.WorkerAssignment;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostWorkerIdsTests {

	@Test
	void statefulSetPodOrdinalIsTheWorkerId() {
		assertEquals(7, HostWorkerIds.fromHostnameOrdinal("orders-7", SnowflakeLayout.DEFAULT));
		assertEquals(0, HostWorkerIds.fromHostnameOrdinal("orders-api-0", SnowflakeLayout.DEFAULT));
		assertEquals(31, HostWorkerIds.fromHostnameOrdinal("orders-31.orders.shop.svc.cluster.local",
				SnowflakeLayout.DEFAULT));
	}

	@Test
	void ordinalOutsideTheWorkerFieldIsAClearError() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> HostWorkerIds.fromHostnameOrdinal("orders-32", SnowflakeLayout.DEFAULT));
		assertTrue(ex.getMessage().contains("32 (host orders-32)"), ex.getMessage());
		assertTrue(ex.getMessage().contains("0..31 (5 worker bits)"), ex.getMessage());
		assertTrue(ex.getMessage().contains("at most 32 replicas"), ex.getMessage());
	}

	@Test
	void hostNameWithoutOrdinalIsAClearError() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> HostWorkerIds.fromHostnameOrdinal("orders-7f9c8d-xk2lp", SnowflakeLayout.DEFAULT));
		assertTrue(ex.getMessage().contains("no ordinal"), ex.getMessage());
		assertTrue(ex.getMessage().contains("StatefulSet"), ex.getMessage());
	}

	@Test
	void ipAddressGivesItsLowBits() throws Exception {
		InetAddress address = InetAddress.getByName("10.1.2.75");
		assertEquals(75 & 31, HostWorkerIds.fromIpv4(address, 5));
		assertEquals(((2 << 8) | 75) & 1023, HostWorkerIds.fromIpv4(address, 10));
		assertEquals(0, HostWorkerIds.fromIpv4(address, 0));
	}

	@Test
	void assignmentNamesParseAndUnknownOnesAreRejected() {
		assertEquals(WorkerAssignment.DATABASE_LEASE, WorkerAssignment.parse("database-lease"));
		assertEquals(WorkerAssignment.HOSTNAME_ORDINAL, WorkerAssignment.parse(" HOSTNAME_ORDINAL "));
		assertEquals(WorkerAssignment.AUTO, WorkerAssignment.parse(null));
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> WorkerAssignment.parse("mac-address"));
		assertEquals("snowflake.worker-assignment", ex.getSetting());
		assertTrue(ex.getAllowed().contains("database-lease"));
	}

	@Test
	void theLowBitsOfAnIpv4AddressAreTakenWhole() throws Exception {
		InetAddress address = InetAddress.getByName("192.168.200.129");
		assertEquals(0xC0A8C881L, HostWorkerIds.fromIpv4(address, 32));
		assertEquals(0xA8C881L, HostWorkerIds.fromIpv4(address, 24));
		assertEquals(0xC881L, HostWorkerIds.fromIpv4(address, 16));
		assertEquals(0x0881L, HostWorkerIds.fromIpv4(address, 12));
		assertThrows(IllegalArgumentException.class, () -> HostWorkerIds.fromIpv4(InetAddress.getByName("::1"), 10));
	}

	@Test
	void theLargestOrdinalTheWorkerFieldHoldsIsAccepted() {
		assertEquals(31, HostWorkerIds.fromHostnameOrdinal("orders-31.orders.svc", SnowflakeLayout.DEFAULT));
		assertThrows(SnowflakeConfigurationException.class,
				() -> HostWorkerIds.fromHostnameOrdinal("orders-32", SnowflakeLayout.DEFAULT));
	}

	@Test
	void ordinalsTooLongForALongAreNamedAsWritten() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> HostWorkerIds.fromHostnameOrdinal("orders-123456789012345678", SnowflakeLayout.DEFAULT));
		assertTrue(ex.getMessage().contains("123456789012345678 (host orders-123456789012345678)"), ex.getMessage());
	}
}
