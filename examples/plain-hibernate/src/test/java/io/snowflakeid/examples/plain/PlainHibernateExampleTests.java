package io.snowflakeid.examples.plain;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

class PlainHibernateExampleTests {

	@Test
	void examplePrintsDecodedIdsOfItsConfiguredWorker() {
		PrintStream original = System.out;
		ByteArrayOutputStream captured = new ByteArrayOutputStream();
		System.setOut(new PrintStream(captured, true));
		try {
			PlainHibernateExample.main(new String[0]);
		}
		finally {
			System.setOut(original);
		}
		String output = captured.toString();
		assertTrue(output.contains("Dune: "), output);
		assertTrue(output.contains("dc=2 worker=5"), output);
		assertTrue(output.contains("3 books stored"), output);
	}
}
