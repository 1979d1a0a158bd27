package io.snowflakeid.examples.plain;

import java.util.List;

import io.snowflakeid.SnowflakeLayout;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;

/** Persists a few books and prints their ids with the decoded parts; no Spring involved. */
public final class PlainHibernateExample {

	private PlainHibernateExample() {
	}

	public static void main(String[] args) {
		EntityManagerFactory emf = Persistence.createEntityManagerFactory("example");
		try {
			List<Book> books = List.of(new Book("Dune"), new Book("Solaris"), new Book("Ubik"));
			EntityManager em = emf.createEntityManager();
			try {
				em.getTransaction().begin();
				books.forEach(em::persist);
				em.getTransaction().commit();
				for (Book book : books) {
					System.out.println(book.getTitle() + ": " + SnowflakeLayout.DEFAULT.decode(book.getId()));
				}
				long stored = em.createQuery("select count(b) from Book b", Long.class).getSingleResult();
				System.out.println(stored + " books stored");
			}
			finally {
				em.close();
			}
		}
		finally {
			emf.close();
		}
	}
}
