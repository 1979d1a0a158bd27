package io.snowflakeid.quarkus.deployment.jsonshapes;

import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.JsonIdentityReference;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;

/**
 * Classes that {@link UnindexedClassesTest} does not put in the application: Quarkus does not index them, as it does
 * not index a library jar without a Jandex index (and the build's @PublicId search skips some groups, docs/quarkus.md).
 */
final class Unindexed {

	private Unindexed() {
	}

	public static class Dto {

		@SnowflakeId
		public Long id;
	}

	@JsonIdentityInfo(generator = ObjectIdGenerators.PropertyGenerator.class, property = "id")
	public static class Account {

		@PublicId
		public Long id;

		public String owner;
	}

	/** A reference to an account, written as its id alone. */
	public static class Transfer {

		@JsonIdentityReference(alwaysAsId = true)
		public Account from;
	}
}
